import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activeAccount,
  logIn,
  logInAndJoin,
  ownerWithProgram,
  uniqueEmail,
  type OwnerWithProgram,
} from '../../scripts/testing/actors';
import { PHONE, useBrowser } from '../../scripts/testing/browser';
import { layoutProblems } from '../../scripts/testing/layout';

// Short enrolment links (issue 20, ADR 0014): the poster page shows the program's code and its short link, and
// a customer who scans or types `/k/<code>` lands on the program's enrolment page and joins; on a 390×844 phone.
const { newPage, baseUrl } = useBrowser();
let owner: OwnerWithProgram;

beforeAll(async () => {
  owner = await ownerWithProgram();
});

const onJoinPage = (page: Page) =>
  page.waitForURL(
    (url) =>
      url.pathname === '/dodaj-karte-do-portfela' &&
      url.searchParams.get('program') === owner.program.id &&
      url.searchParams.get('firma') === owner.tenantId,
  );

describe('the short enrolment link', () => {
  it('the owner sees the code and the short link on the poster page, on a phone', async () => {
    const page = await newPage({ viewport: PHONE });
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname === '/panel');
    await page.goto('/panel/plakat');
    await page.getByRole('heading', { name: 'Kawa za punkty' }).waitFor();

    const code = owner.program.shortCode;
    expect(code).toMatch(/^[2-9A-HJKMNP-TV-Z]{5}$/);
    await page.getByText(`Kod programu: ${code}`).waitFor();
    expect(await page.getByLabel('Link do zapisu').inputValue()).toBe(`${baseUrl}/k/${code}`);
    expect(owner.program.enrolmentUrl).toBe(`${baseUrl}/k/${code}`);
    expect(await layoutProblems(page)).toEqual([]);
  });

  it('a customer types the link in lower case, lands on the program’s join page (no /k/ in history) and joins', async () => {
    const email = uniqueEmail('klient');
    await activeAccount('customer', email, 'Kasia Klientka');
    const page = await newPage({ viewport: PHONE });
    await page.goto('/pomoc');
    await page.goto(`/k/${owner.program.shortCode.toLowerCase()}`);
    await onJoinPage(page);
    await page.getByRole('heading', { name: 'Kawa za punkty', level: 1 }).waitFor();
    await page.getByText('Kawiarnia Pod Lipą').waitFor();

    // the short link replaced itself: "back" goes to where the person was before it
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/pomoc');
    await page.goForward();
    await onJoinPage(page);

    await logInAndJoin(page, email);
    await page.getByText('Dodaj kartę do portfela w telefonie — będzie się aktualizować sama.').waitFor();
  });

  it('a scanned link (the QR code of the poster) opens the join page as well', async () => {
    const page = await newPage({ viewport: PHONE });
    await page.goto(owner.program.enrolmentUrl);
    await onJoinPage(page);
    await page.getByRole('heading', { name: 'Kawa za punkty', level: 1 }).waitFor();
  });

  it('an unknown code gets a Polish page with a field; the code typed again (with a space) leads on', async () => {
    const page = await newPage({ viewport: PHONE });
    // 22222 is a well-formed code; one random program holding it is a 1 in 24 million chance
    await page.goto('/k/22222');
    await page.getByRole('heading', { name: 'Nie znaleziono programu', level: 1 }).waitFor();
    await page.getByText('Nie ma programu lojalnościowego o kodzie 22222.').waitFor();
    expect(await layoutProblems(page)).toEqual([]);

    const field = page.getByRole('textbox', { name: 'Kod programu' });
    await field.fill('ab0');
    await page.getByRole('button', { name: 'Przejdź do programu' }).click();
    await page
      .getByText('Kod programu nie zawiera liter O, I, L ani cyfr 0 i 1.', { exact: false })
      .waitFor();

    const code = owner.program.shortCode.toLowerCase();
    await field.fill(`${code.slice(0, 2)} ${code.slice(2)}`);
    await page.getByRole('button', { name: 'Przejdź do programu' }).click();
    await onJoinPage(page);
    await page.getByRole('heading', { name: 'Kawa za punkty', level: 1 }).waitFor();
  });

  it('a code that cannot be one says why, without asking the server', async () => {
    const page = await newPage({ viewport: PHONE });
    await page.goto('/k/AB0D9');
    await page.getByRole('heading', { name: 'Nieprawidłowy kod programu', level: 1 }).waitFor();
    await page
      .getByText('Kod programu nie zawiera liter O, I, L ani cyfr 0 i 1.', { exact: false })
      .waitFor();
    expect(await page.getByRole('textbox', { name: 'Kod programu' }).inputValue()).toBe('AB0D9');
  });

  it('the old long links keep working', async () => {
    const page = await newPage({ viewport: PHONE });
    await page.goto(`/dodaj-karte-do-portfela?program=${owner.program.id}&firma=${owner.tenantId}`);
    await page.getByRole('heading', { name: 'Kawa za punkty', level: 1 }).waitFor();
  });
});
