import { beforeAll, describe, expect, it } from 'vitest';
import { unzipPass } from '../../services/notification/src/passes/apple/testing/pkpass-reader';
import {
  activeAccount,
  eventually,
  logIn,
  logInAndJoin,
  ownerWithProgram,
  uniqueEmail,
  type OwnerWithProgram,
} from '../../scripts/testing/actors';
import { DESKTOP, PHONE, useBrowser } from '../../scripts/testing/browser';
import { layoutProblems } from '../../scripts/testing/layout';

// "Bring a friend" (issue 34, ADR 0061) against the built product: the owner switches referrals on in the
// program's edit page; a customer copies her invite link on /klient/karty (a phone); a friend opens it on her
// phone, joins, and is told the invite counts; staff award the friend's first visit; both portals show the bonus.
const { newPage, baseUrl } = useBrowser();
let owner: OwnerWithProgram;

beforeAll(async () => {
  owner = await ownerWithProgram();
});

type MyCards = { items: Array<{ cardId: string; programId: string; points: number }> };

describe('bring a friend', () => {
  it('the owner turns referrals on; a friend joins by the invite link, visits, and both get the bonus', async () => {
    // the owner: bonuses and the cap in the program's own section
    const panel = await newPage({ viewport: DESKTOP });
    await logIn(panel, '/zaloguj', owner.email);
    await panel.waitForURL((url) => url.pathname === '/panel');
    await panel.goto(`/panel/programy/${owner.program.id}`);
    const section = panel.getByRole('region', { name: 'Poleć znajomemu' });
    await section.waitFor();
    await section.getByRole('switch', { name: 'Polecenia włączone' }).check();
    await section.getByLabel('Premia dla polecającego').fill('50');
    await section.getByLabel('Premia dla znajomego').fill('20');
    await section.getByRole('button', { name: 'Zapisz ustawienia poleceń' }).click();
    await panel.getByText('Ustawienia poleceń zostały zapisane.').first().waitFor();

    // Anna, a customer, finds her invite on a phone and copies it
    const annaEmail = uniqueEmail('anna');
    const anna = await activeAccount('customer', annaEmail, 'Anna Polecająca');
    const joined = await anna.call('POST', `/api/v1/tenants/${owner.tenantId}/join`, {
      programId: owner.program.id,
      phone: '',
      marketingConsent: false,
    });
    expect(joined.status, await joined.clone().text()).toBe(201);
    const annaPage = await newPage({ viewport: PHONE });
    await annaPage.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await logIn(annaPage, '/zaloguj', annaEmail);
    await annaPage.waitForURL((url) => url.pathname.startsWith('/klient'));
    await annaPage.goto('/klient/karty');
    const invite = annaPage.getByTestId('invite-friend');
    await invite.waitFor({ timeout: 30_000 });
    await invite.getByText('Znajomy dostanie 20 pkt przy pierwszej wizycie, a Ty 50 pkt.').waitFor();
    // one QR code on the card until she asks for the invite's: staff scan the card's
    expect(await invite.getByRole('img', { name: 'Kod QR Twojego zaproszenia' }).count()).toBe(0);
    await invite.getByRole('button', { name: 'Pokaż kod QR zaproszenia' }).click();
    await invite.getByRole('img', { name: 'Kod QR Twojego zaproszenia' }).waitFor();
    const link = (await invite.getByTestId('invite-link').textContent()) ?? '';
    expect(link).toMatch(new RegExp(`^${baseUrl}/polecenie/[a-z2-7]{12}$`));
    await invite.getByRole('button', { name: 'Kopiuj link' }).click();
    await invite.getByRole('button', { name: 'Skopiowano' }).waitFor();
    expect(await annaPage.evaluate('navigator.clipboard.readText()')).toBe(link);
    expect(await layoutProblems(annaPage)).toEqual([]);

    // the back of her Apple Wallet pass carries the same link (over the bus: card ledger → notification)
    const annaCards = (await (await anna.call('GET', '/api/v1/customers/my-cards')).json()) as MyCards;
    const annaCardId = annaCards.items.find((c) => c.programId === owner.program.id)!.cardId;
    const inviteOnPass = await eventually('the invite link on the pass', async () => {
      const res = await anna.call('GET', `/api/v1/cards/${annaCardId}/create-apple-pass/karta.pkpass`);
      if (res.status !== 200) return undefined;
      const files = await unzipPass(Buffer.from(await res.arrayBuffer()));
      const pass = JSON.parse(files.get('pass.json')!.toString()) as {
        storeCard: { backFields: Array<{ key: string; label: string; value: unknown }> };
      };
      return pass.storeCard.backFields.find((f) => f.key === 'invite');
    });
    expect(inviteOnPass).toEqual({
      key: 'invite',
      label: 'Poleć znajomemu — Twój link z zaproszeniem',
      value: link,
    });

    // Ola, a friend, opens the link on her phone, signs in and joins: the invite counts
    const olaEmail = uniqueEmail('ola');
    const ola = await activeAccount('customer', olaEmail, 'Ola Znajoma');
    const olaPage = await newPage({ viewport: PHONE });
    await olaPage.goto(link);
    await olaPage.waitForURL((url) => url.pathname === '/dodaj-karte-do-portfela');
    await olaPage.getByRole('heading', { name: 'Kawa za punkty', level: 1 }).waitFor();
    // she is told before joining what the invite gives her
    await olaPage
      .getByTestId('referral-invite-note')
      .getByText('Premia za dołączenie z zaproszenia: 20 pkt przy pierwszej wizycie.')
      .waitFor();
    await logInAndJoin(olaPage, olaEmail);
    await olaPage
      .getByText('Zaproszenie przyjęte. Premia czeka na pierwszą wizytę.')
      .waitFor({ timeout: 30_000 });

    // staff award Ola's first visit (25 zł)
    const olaCards = (await (await ola.call('GET', '/api/v1/customers/my-cards')).json()) as MyCards;
    const olaCard = olaCards.items.find((c) => c.programId === owner.program.id)!;
    const awarded = await owner.client.call(
      'POST',
      `/api/v1/cards/${olaCard.cardId}/points-from-amount`,
      { amountGrosze: 2500 },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(awarded.status, await awarded.clone().text()).toBe(200);

    // both portals show the bonus (live: the open pages follow the card changes)
    await olaPage.goto('/klient/karty');
    await expect
      .poll(() => olaPage.getByTestId('card-balance').first().textContent(), { timeout: 20_000 })
      .toBe('45 pkt');
    await expect
      .poll(() => annaPage.getByTestId('card-balance').first().textContent(), { timeout: 20_000 })
      .toBe('50 pkt');

    // the owner sees it in analytics
    await panel.goto('/panel/analityka');
    const figures = panel.getByRole('region', { name: 'Polecenia' });
    await figures.waitFor({ timeout: 20_000 });
    expect(await figures.getByTestId('figure-Dołączyli z polecenia').textContent()).toBe('1');
    expect(await figures.getByTestId('figure-Polecenia nagrodzone').textContent()).toBe('1');
  });

  it('an invite link nobody holds says so in Polish', async () => {
    const page = await newPage({ viewport: PHONE });
    await page.goto('/polecenie/aaaaaaaaaaaa');
    await page.getByRole('heading', { name: 'Zaproszenie nieaktywne', level: 1 }).waitFor();
    expect(await layoutProblems(page)).toEqual([]);
  });
});
