import { MESSAGE_LOCK_SCREEN_VISIBLE, unsubscribedMessage } from '@punkto/contracts/messages';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activeAccount,
  invitedEmployee,
  logIn,
  ownerWithProgram,
  submitLogin,
  uniqueEmail,
  unique,
  type OwnerWithProgram,
} from '../../scripts/testing/actors';
import { seriousAxeViolations } from '../../scripts/testing/axe';
import { PHONE, useBrowser } from '../../scripts/testing/browser';
import { layoutProblems } from '../../scripts/testing/layout';
import { isQuietHour } from '../src/features/panel/messages/utils/send-time';

// Messages from a company to its customers (issue 21), in a browser against the built product: the owner
// composes a message with its counters, previews (iPhone, Android, e-mail) and audience size, schedules one
// and cancels another, and sends one now; the customer reads it in the portal on the phone and unsubscribes
// from the company's e-mails by the link in the e-mail. An employee without `messages.send` has no way in.

const { newPage } = useBrowser();

const COMPANY = 'Kawiarnia Pod Lipą';
const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

let owner: OwnerWithProgram;
let employee: Awaited<ReturnType<typeof invitedEmployee>>;
const customer = { email: '', name: 'Zofia Wiadomościowa' };

/** `YYYY-MM-DD` of the day after today in Warsaw */
function tomorrowInWarsaw(): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(Date.now() + 86_400_000);
}

beforeAll(async () => {
  owner = await ownerWithProgram();
  // a customer with an account who agreed to the company's marketing messages when the owner enrolled them
  customer.email = uniqueEmail('klient');
  await activeAccount('customer', customer.email, customer.name);
  const created = await owner.client.call('POST', `/api/v1/tenants/${owner.tenantId}/create-client`, {
    email: customer.email,
    name: customer.name,
    programId: owner.program.id,
    marketingConsent: true,
  });
  expect(created.status, await created.clone().text()).toBe(201);
  // an employee who may scan cards and see the clients, but not send messages
  employee = await invitedEmployee(owner, ['cards.scan', 'clients.view']);
});

async function openMessages(page: Page) {
  await logIn(page, '/zaloguj', owner.email);
  await page.waitForURL((url) => url.pathname.startsWith('/panel'));
  await page
    .getByRole('navigation', { name: 'Panel firmy' })
    .getByRole('link', { name: 'Wiadomości' })
    .click();
  await page.getByRole('heading', { name: 'Wiadomości', level: 1 }).waitFor();
}

async function compose(page: Page, title: string, body: string) {
  const form = page.getByRole('form', { name: 'Nowa wiadomość' });
  await form.getByLabel('Tytuł').fill(title);
  await form.getByLabel('Treść').fill(body);
}

async function schedule(page: Page, date: string, time: string) {
  const form = page.getByRole('form', { name: 'Nowa wiadomość' });
  await form.getByRole('radio', { name: 'Zaplanuj' }).check();
  await form.getByLabel('Data').fill(date);
  await form.getByLabel('Godzina').fill(time);
  await form.getByRole('button', { name: 'Zaplanuj wysyłkę' }).click();
}

describe('messages to customers', () => {
  const sentTitle = `Podwójne punkty ${unique()}`.slice(0, 50);
  const sentBody =
    'W ten weekend za każdą kawę dostajesz podwójne punkty. Zajrzyj do nas w sobotę albo w niedzielę — ' +
    'czekają też nowe ciasta z naszej piekarni i jesienna herbata z pomarańczą.';

  it('the owner composes with counters, previews and the audience size, schedules one message and cancels another', async () => {
    const page = await newPage({ bypassCSP: true });
    await openMessages(page);
    const form = page.getByRole('form', { name: 'Nowa wiadomość' });

    // counters for each limit, and the note about the iPhone's lock screen
    await form.getByLabel('Tytuł').fill('Podwójne punkty w weekend');
    await form.getByText('25/50 znaków').waitFor();
    await form.getByLabel('Treść').fill(sentBody);
    await form.getByText(`${sentBody.length}/300 znaków`).waitFor();
    expect(sentBody.length).toBeGreaterThan(MESSAGE_LOCK_SCREEN_VISIBLE);
    const onPass = `Podwójne punkty w weekend: ${sentBody}`;
    expect(await page.getByTestId('lock-screen-counter').textContent()).toContain(
      `${onPass.length}/${MESSAGE_LOCK_SCREEN_VISIBLE} znaków`,
    );
    await page
      .getByTestId('lock-screen-note')
      .getByText(/Na ekranie blokady iPhone’a widać około 110/)
      .waitFor();

    // previews: the iPhone notice cut as the phone cuts it, Google's own notice + the text on the card, the e-mail
    const iphone = (await page.getByTestId('iphone-notice-text').textContent()) ?? '';
    expect(iphone.endsWith('…')).toBe(true);
    expect(iphone.length).toBeLessThanOrEqual(MESSAGE_LOCK_SCREEN_VISIBLE + 1);
    // the pass carries „title: text”; the phone shows its beginning
    expect(onPass.startsWith(iphone.slice(0, -1))).toBe(true);
    await page.getByRole('tab', { name: 'Android' }).click();
    await page.getByText('Nowa wiadomość na Twojej karcie').waitFor();
    expect(await page.getByTestId('android-card-message').textContent()).toContain(sentBody);
    await page.getByText(/najwyżej 3 powiadomienia na kartę dziennie/).waitFor();
    await page.getByRole('tab', { name: 'E-mail' }).click();
    const email = page.getByTestId('email-preview');
    expect(await email.textContent()).toContain('Temat: Podwójne punkty w weekend');
    expect(await email.textContent()).toContain(`Wypisz się z wiadomości e-mail od ${COMPANY}`);

    // the audience size follows the audience: everyone → a segment nobody is in yet → the program
    const size = page.getByTestId('audience-size');
    await expect.poll(() => size.textContent()).toContain('W tej grupie: 1 klient');
    await form.getByRole('radio', { name: 'Segment z analityki' }).check();
    await form.getByRole('combobox', { name: 'Segment' }).click();
    await page.getByRole('option', { name: 'VIP (10% najczęstszych)' }).click();
    await expect.poll(() => size.textContent()).toContain('W tej grupie: 0 klientów');
    await form.getByRole('radio', { name: 'Klienci jednego programu' }).check();
    await form.getByRole('combobox', { name: 'Program' }).click();
    await page.getByRole('option', { name: 'Kawa za punkty' }).click();
    await expect.poll(() => size.textContent()).toContain('W tej grupie: 1 klient');
    expect(await size.textContent()).toContain('e-mail (ze zgodą): 1');

    // the weekly limit and the quiet hours are said before sending
    await page
      .getByTestId('weekly-limit')
      .getByText(/Limit: 0 z \d+ kampanii w ciągu 7 dni/)
      .waitFor();
    await page
      .getByTestId('quiet-hours')
      .getByText(/21:00 a 8:00/)
      .waitFor();
    expect(await layoutProblems(page)).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // scheduled for tomorrow noon (Warsaw): in the list as scheduled
    const tomorrow = tomorrowInWarsaw();
    await schedule(page, tomorrow, '12:00');
    await toast(page, /Zaplanowano wysyłkę na .*12:00/).waitFor();
    const scheduled = page.getByRole('article', { name: 'Podwójne punkty w weekend' });
    await scheduled.getByText('Zaplanowana', { exact: true }).waitFor();
    await scheduled.getByText(/Start: .*12:00/).waitFor();
    await scheduled.getByText('Klienci programu „Kawa za punkty”', { exact: false }).waitFor();

    // another one, for the afternoon, is cancelled after a confirmation
    await compose(page, 'Nowe ciasto', 'Od jutra sernik baskijski. Pierwszy kawałek z kawą taniej o połowę.');
    await form.getByRole('radio', { name: 'Wszyscy klienci' }).check();
    await schedule(page, tomorrow, '15:30');
    const cake = page.getByRole('article', { name: 'Nowe ciasto' });
    await cake.getByText('Zaplanowana', { exact: true }).waitFor();
    await cake.getByRole('button', { name: 'Anuluj „Nowe ciasto”' }).click();
    const dialog = page.getByRole('dialog', { name: 'Anulować wysyłkę?' });
    await dialog.getByText(/nie zostanie wysłana/).waitFor();
    await dialog.getByRole('button', { name: 'Anuluj wysyłkę' }).click();
    await toast(page, 'Anulowano wiadomość „Nowe ciasto”.').waitFor();
    await cake.getByText('Anulowana', { exact: true }).waitFor();
    expect(await scheduled.getByText('Zaplanowana', { exact: true }).count()).toBe(1);
    // newest first
    const titles = await page.getByRole('article').getByRole('heading', { level: 3 }).allTextContents();
    expect(titles).toEqual(['Nowe ciasto', 'Podwójne punkty w weekend']);

    // the same page on the owner's phone
    const phone = await newPage({ viewport: PHONE, bypassCSP: true, from: page.context() });
    await phone.goto('/panel/wiadomosci');
    await phone.getByRole('heading', { name: 'Wiadomości', level: 1 }).waitFor();
    await phone.getByRole('article', { name: 'Nowe ciasto' }).waitFor();
    await phone.getByRole('form', { name: 'Nowa wiadomość' }).getByLabel('Treść').fill(sentBody);
    expect(await layoutProblems(phone)).toEqual([]);
  });

  it('the owner sends messages now; the quiet hours hold lock-screen notices; refusals are the server’s Polish messages', async () => {
    const page = await newPage({ bypassCSP: true });
    await openMessages(page);
    const form = page.getByRole('form', { name: 'Nowa wiadomość' });
    const wallet = form.getByRole('checkbox', { name: 'Karta w portfelu (Apple Wallet i Google Wallet)' });
    const confirmSend = () =>
      page
        .getByRole('dialog', { name: 'Wysłać wiadomość teraz?' })
        .getByRole('button', { name: 'Wyślij', exact: true })
        .click();

    // a group nobody can be reached in
    await compose(page, 'Dla stałych gości', 'Dziękujemy, że jesteście z nami.');
    await form.getByRole('radio', { name: 'Segment z analityki' }).check();
    await form.getByRole('combobox', { name: 'Segment' }).click();
    await page.getByRole('option', { name: 'VIP (10% najczęstszych)' }).click();
    await form.getByRole('button', { name: 'Wyślij teraz' }).click();
    await confirmSend();
    await form
      .getByRole('alert')
      .getByText('Żaden klient z wybranej grupy nie może teraz otrzymać tej wiadomości.')
      .waitFor();

    // by e-mail only (which the quiet hours do not hold) to one customer, found like in the clients list
    await compose(page, sentTitle, sentBody);
    await form.getByRole('radio', { name: 'Jeden klient' }).check();
    await form.getByLabel('Szukaj klienta').fill(customer.email);
    await form.getByRole('radio', { name: customer.name }).check();
    await expect
      .poll(() => page.getByTestId('audience-size').textContent())
      .toContain('W tej grupie: 1 klient');
    await wallet.uncheck();
    await form.getByRole('button', { name: 'Wyślij teraz' }).click();
    await confirmSend();
    const sent = page.getByRole('article', { name: sentTitle });
    await sent.waitFor();
    // the list refreshes itself while sending: the report shows the e-mail sent
    await sent.getByText('Wysłana', { exact: true }).waitFor({ timeout: 60_000 });
    const report = sent.getByRole('table', { name: `Raport dostarczenia: ${sentTitle}` });
    expect(await report.getByRole('row').allTextContents()).toEqual(['KanałWysłaneNieudane', 'E-mail10']);

    // the same message to the same customer again within 24 hours
    await compose(page, sentTitle, sentBody);
    await form.getByRole('button', { name: 'Wyślij teraz' }).click();
    await confirmSend();
    await form
      .getByRole('alert')
      .getByText(/Taka sama wiadomość do tych samych odbiorców/)
      .waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // with the wallet: from 21:00 to 8:00 Warsaw it waits for the morning, and the list says why
    await compose(page, 'Jesienna herbata', 'Herbata z pomarańczą i goździkami już w karcie.');
    await form.getByRole('radio', { name: 'Wszyscy klienci' }).check();
    await wallet.check();
    const night = isQuietHour(new Date());
    await form.getByRole('button', { name: 'Wyślij teraz' }).click();
    await confirmSend();
    const tea = page.getByRole('article', { name: 'Jesienna herbata' });
    await tea.waitFor();
    if (night) {
      await toast(page, /przesunięta przez ciszę nocną/).waitFor();
      await tea.getByText('Zaplanowana', { exact: true }).waitFor();
      await tea.getByText(/Start: .*8:00/).waitFor();
      await tea.getByText('(przesunięta przez ciszę nocną)').waitFor();
    } else {
      await tea.getByText('Wysłana', { exact: true }).waitFor({ timeout: 60_000 });
      expect(await tea.getByText('(przesunięta przez ciszę nocną)').count()).toBe(0);
    }
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await layoutProblems(page)).toEqual([]);
  });

  it('the customer reads the message in the portal on the phone and unsubscribes by the e-mail’s link', async () => {
    const phone = await newPage({ viewport: PHONE, bypassCSP: true });
    await logIn(phone, '/zaloguj?type=customer', customer.email);
    await phone.waitForURL((url) => url.pathname === '/klient');
    await phone
      .getByRole('navigation', { name: 'Strefa klienta' })
      .getByRole('link', { name: 'Wiadomości' })
      .click();
    await phone.getByRole('heading', { name: 'Wiadomości', level: 1 }).waitFor();
    const message = phone.getByRole('article', { name: sentTitle });
    await message.waitFor();
    expect(await message.textContent()).toContain(COMPANY);
    expect(await message.textContent()).toContain(sentBody);
    expect(await layoutProblems(phone)).toEqual([]);
    expect(await seriousAxeViolations(phone)).toEqual([]);

    // the e-mail in the dev mailbox, and its unsubscribe link, on the phone
    const mailbox = await newPage({ viewport: PHONE, bypassCSP: true });
    await mailbox.goto('/dev/mailbox');
    await mailbox.locator('tr', { hasText: customer.email }).getByRole('link', { name: sentTitle }).click();
    const text = (await mailbox.locator('pre').first().textContent()) ?? '';
    expect(text).toContain(sentBody);
    const link = text.match(/https?:\/\/\S*\/wypisz\?token=[A-Za-z0-9_-]+/)?.[0];
    expect(link, `unsubscribe link in:\n${text}`).toBeTruthy();
    await mailbox.goto(link!);
    await mailbox.getByRole('heading', { name: 'Wypisanie z e-maili' }).waitFor();
    await mailbox.getByRole('button', { name: 'Wypisz mnie' }).waitFor();
    expect(await mailbox.getByRole('main').textContent()).toContain(COMPANY);
    expect(await layoutProblems(mailbox)).toEqual([]);
    expect(await seriousAxeViolations(mailbox)).toEqual([]);
    await mailbox.getByRole('button', { name: 'Wypisz mnie' }).click();
    await mailbox.getByText(unsubscribedMessage(COMPANY)).waitFor();
    // the link again: already unsubscribed
    await mailbox.reload();
    await mailbox.getByRole('heading', { name: 'Już wypisano' }).waitFor();

    // the owner's report counts the unsubscribe
    const page = await newPage({ bypassCSP: true });
    await openMessages(page);
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByRole('article', { name: sentTitle }).getByTestId('campaign-report').textContent();
        },
        { timeout: 30_000, interval: 2_000 },
      )
      .toContain('wypisani z e-maili: 1');
  });

  it('a customer who joins by the enrolment link may agree there to the company’s e-mails', async () => {
    const email = uniqueEmail('klient');
    await activeAccount('customer', email, 'Ola Zgodna');
    const phone = await newPage({ viewport: PHONE });
    await phone.goto(owner.program.enrolmentUrl);
    await phone.getByRole('link', { name: 'Zaloguj się, aby dołączyć' }).click();
    await phone.waitForURL((url) => url.pathname === '/zaloguj');
    await submitLogin(phone, email);
    await phone.waitForURL((url) => url.pathname === '/dodaj-karte-do-portfela');
    const consent = phone.getByRole('checkbox', { name: `Chcę dostawać e-mailem wiadomości od ${COMPANY}` });
    expect(await consent.isChecked()).toBe(false);
    await consent.check();
    await phone.getByRole('button', { name: 'Dołącz do programu' }).click();
    await phone.getByText('Jesteś w programie!').waitFor();

    // the owner's audience: two customers now, of whom the one who just agreed can get e-mails
    const page = await newPage({ bypassCSP: true });
    await openMessages(page);
    const size = page.getByTestId('audience-size');
    await expect.poll(() => size.textContent(), { timeout: 30_000 }).toContain('W tej grupie: 2 klientów');
    await expect.poll(() => size.textContent(), { timeout: 30_000 }).toContain('e-mail (ze zgodą): 1');
  });

  it('an unknown unsubscribe link says so in Polish', async () => {
    const phone = await newPage({ viewport: PHONE });
    await phone.goto('/wypisz?token=nie-ma-takiego');
    await phone.getByRole('heading', { name: 'Nieprawidłowy link' }).waitFor();
    await phone
      .getByText('Link do wypisania jest nieprawidłowy. Sprawdź, czy został skopiowany w całości.')
      .waitFor();
  });

  it('an employee without the permission to send messages sees no „Wiadomości” and no way in', async () => {
    const page = await newPage();
    await logIn(page, '/zaloguj', employee.email);
    await page.waitForURL((url) => url.pathname.startsWith('/panel'));
    const nav = page.getByRole('navigation', { name: 'Panel firmy' });
    await nav.getByRole('link', { name: 'Klienci' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Wiadomości' }).count()).toBe(0);
    await page.goto('/panel/wiadomosci');
    await page.getByRole('heading', { name: 'Brak dostępu' }).waitFor();
    await page.getByText('Wysyłanie wiadomości do klientów').waitFor();
    expect(await page.getByRole('form', { name: 'Nowa wiadomość' }).count()).toBe(0);
  });
});
