import { INVITATION_MAILS_PER_COMPANY_PER_DAY_IN_TRIAL } from '@punkto/contracts/employees';
import { logIn, mailTo, ownerWithProgram, uniqueEmail } from '../../scripts/testing/actors';
import { PHONE, useBrowser } from '../../scripts/testing/browser';
import { describe, expect, it } from 'vitest';

// Issue 32 / ADR 0040, in a browser on a phone against the built product (`npm run build` first): invitation
// e-mails come from the company („<firma> przez Punkto”), and a trial company that used its day's invitations
// is told so in Polish in the invite form, instead of the e-mail going out.
const { newPage } = useBrowser();

describe('invitation e-mails in the panel', () => {
  it('on a phone: the day’s trial cap reached → the invite form says so in Polish; sent ones come from the company', async () => {
    const owner = await ownerWithProgram();
    const first = uniqueEmail('pracownik');
    for (let i = 0; i < INVITATION_MAILS_PER_COMPANY_PER_DAY_IN_TRIAL; i++) {
      const res = await owner.client.call('POST', `/api/v1/tenants/${owner.tenantId}/employees`, {
        email: i === 0 ? first : uniqueEmail('pracownik'),
        name: `Pracownik Numer ${i + 1}`,
        permissions: [],
      });
      expect(res.status, await res.clone().text()).toBe(201);
    }
    // the invitation in the mailbox: the company's name in the sender
    const mail = await mailTo(first, /zaprasza/);
    expect(mail).toContain('przez Punkto');

    const page = await newPage({ viewport: PHONE });
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname === '/panel');
    await page.goto('/panel/pracownicy');
    await page.getByRole('heading', { name: 'Pracownicy', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Zaproś pracownika' }).click();
    const dialog = page.getByRole('dialog', { name: 'Zaproś pracownika' });
    const email = uniqueEmail('jedenasty');
    await dialog.getByLabel('Imię i nazwisko').fill('Jedenasta Osoba');
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByRole('button', { name: 'Wyślij zaproszenie' }).click();
    const refusal = dialog.getByText('Limit e-maili z zaproszeniami na dziś został wykorzystany', {
      exact: false,
    });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(
      `w okresie próbnym firma może wysłać ${INVITATION_MAILS_PER_COMPANY_PER_DAY_IN_TRIAL} dziennie`,
    );
    // on the phone the message is in view, inside the screen's width
    const box = (await refusal.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    // nothing was sent to the eleventh address
    const list = await (await fetch(`${page.url().split('/panel')[0]}/dev/mailbox`)).text();
    expect(list).not.toContain(email);
  });
});
