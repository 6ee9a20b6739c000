import { describe, expect, it } from 'vitest';
import { extractPdfText } from '../../services/billing/src/testing/pdf-text';
import {
  activeAccount,
  buyPlanInSandbox,
  eventually,
  logIn,
  ownerWithProgram,
  uniqueEmail,
  type OwnerWithProgram,
} from '../../scripts/testing/actors';
import { DESKTOP, PHONE, useBrowser } from '../../scripts/testing/browser';
import { layoutProblems } from '../../scripts/testing/layout';

// Company closure keeps its promises about money (issue 32, ADR 0047): the delete-company dialog shows the
// plan, the next charge and where the invoices are; after the deletion the former owner finds „Faktury
// zamkniętych firm” on the page an owner without a company lands on and downloads the invoice's PDF.
const { newPage } = useBrowser();

/** an owner who paid for the basic monthly plan in the sandbox (its hosted checkout, through the gateway) */
async function payingOwner(): Promise<{ owner: OwnerWithProgram; invoiceNumber: string }> {
  const owner = await ownerWithProgram();
  await buyPlanInSandbox(owner);
  const invoiceNumber = await eventually('the invoice', async () => {
    const res = await owner.client.call('GET', `/api/v1/invoices/all/${owner.tenantId}`);
    return ((await res.json()) as { items: { number: string }[] }).items[0]?.number;
  });
  return { owner, invoiceNumber };
}

/** a customer with a card in the owner's program (joined through the API) */
async function customerOf(owner: OwnerWithProgram): Promise<string> {
  const email = uniqueEmail('klientka');
  const customer = await activeAccount('customer', email, 'Ola Klientka');
  const joined = await customer.call('POST', `/api/v1/tenants/${owner.tenantId}/join`, {
    programId: owner.program.id,
    marketingConsent: false,
  });
  expect(joined.status, await joined.clone().text()).toBe(201);
  await eventually('the card issued', async () => {
    const res = await customer.call('GET', '/api/v1/customers/my-cards');
    return ((await res.json()) as { items: unknown[] }).items.length ? true : undefined;
  });
  return email;
}

describe.each([
  ['desktop', DESKTOP],
  ['a phone (390×844)', PHONE],
])('closing a company with a paid plan, on %s', (_, viewport) => {
  it('the dialog says what happens to the plan, the charge and the invoices; afterwards the PDF is there', async () => {
    const { owner, invoiceNumber } = await payingOwner();
    const customerEmail = await customerOf(owner);
    const page = await newPage({ viewport });
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname.startsWith('/panel'));
    await page.goto('/panel/ustawienia');
    await page.getByRole('heading', { name: 'Strefa niebezpieczna' }).waitFor();
    await page.getByRole('button', { name: 'Usuń firmę' }).click();

    const dialog = page.getByRole('dialog', { name: 'Usunąć firmę na zawsze?' });
    const billing = dialog.getByRole('alert', { name: 'Subskrypcja i faktury' });
    await billing.getByText('Plan: Podstawowy (miesięcznie).').waitFor();
    const text = (await billing.textContent()) ?? '';
    expect(text).toMatch(
      /Następna płatność: 30 zł \(\d{1,2} \S+ \d{4}\) — po usunięciu firmy nie zostanie pobrana\./,
    );
    expect(text).toContain('Usunięcie firmy od razu kończy subskrypcję: nic więcej nie zostanie pobrane');
    expect(text).toContain('Faktury zostaną w Twoim koncie przez 5 lat od końca roku ich wystawienia');
    expect(await billing.getByRole('link', { name: 'Zobacz faktury' }).getAttribute('href')).toBe(
      '/subskrypcja/zarzadzaj',
    );
    // the dialog (an overlay, so not the page's layout check) fits the screen's width
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);

    await dialog.getByLabel('Nazwa firmy').fill('Kawiarnia Pod Lipą');
    await dialog.getByRole('button', { name: 'Usuń firmę na zawsze' }).click();
    await page.waitForURL((url) => url.pathname === '/uzupelnij-konto', { timeout: 20_000 });

    await page.getByRole('link', { name: 'Faktury zamkniętych firm' }).click();
    await page.waitForURL((url) => url.pathname === '/faktury-zamknietych-firm');
    await page.getByRole('heading', { name: 'Faktury zamkniętych firm', level: 1 }).waitFor();
    const company = page.getByRole('region', { name: 'Kawiarnia Pod Lipą' });
    await company.getByText(invoiceNumber).waitFor();
    expect(await company.textContent()).toContain(`NIP ${owner.nip}`);
    expect(await company.textContent()).toContain('30 zł');
    if (viewport === PHONE) expect(await layoutProblems(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      company.getByRole('button', { name: `Pobierz PDF faktury ${invoiceNumber}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Faktura-${invoiceNumber.replace(/\//g, '-')}.pdf`);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const { text: pdf } = await extractPdfText(new Uint8Array(Buffer.concat(chunks)));
    for (const expected of [invoiceNumber, 'Kawiarnia Pod Lipą', owner.nip, '30,00'])
      expect(pdf).toContain(expected);

    // the company's customer: the card says the company closed its program
    const customerPage = await newPage({ viewport });
    await logIn(customerPage, '/zaloguj', customerEmail);
    await customerPage.waitForURL((url) => url.pathname.startsWith('/klient'));
    await customerPage.goto('/klient/karty');
    const card = customerPage.getByRole('article', { name: 'Kawiarnia Pod Lipą' });
    await card
      .getByText('Firma Kawiarnia Pod Lipą zamknęła swój program lojalnościowy w Punkto.', { exact: false })
      .waitFor({ timeout: 20_000 });
    expect(await card.getByTestId('card-number').count()).toBe(0);
    if (viewport === PHONE) expect(await layoutProblems(customerPage)).toEqual([]);
  });
});
