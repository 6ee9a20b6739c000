import { describe, expect, it } from 'vitest';
import { logIn, ownerWithProgram } from '../../scripts/testing/actors';
import { DESKTOP, PHONE, useBrowser } from '../../scripts/testing/browser';
import { layoutProblems } from '../../scripts/testing/layout';

// „Lokalizacje” in the company settings (issue 34, ADR 0057): the owner pastes coordinates as Google Maps copies
// them, the page reads them without asking any server, saves, and after a reload the location is there, with
// the lock-screen text its customers will see. Nothing outside the product is fetched.
const { newPage } = useBrowser();

describe.each([
  ['desktop', DESKTOP],
  ['a phone (390×844)', PHONE],
])('the owner adds a location near which passes come up, on %s', (_, viewport) => {
  it('pastes „52.2297, 21.0122”, saves, reloads and sees it; a bad latitude is refused in Polish', async () => {
    const owner = await ownerWithProgram();
    const page = await newPage({ viewport });
    const outside: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol.startsWith('http'))
        outside.push(request.url());
    });
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname.startsWith('/panel'));
    await page.goto('/panel/ustawienia');
    const section = page.getByRole('region', { name: 'Lokalizacje' });
    await section.getByText('Nie dodano jeszcze żadnej lokalizacji.').waitFor();

    await section.getByRole('button', { name: 'Dodaj lokalizację' }).click();
    const form = section.getByRole('form', { name: 'Nowa lokalizacja' });
    await form.getByLabel('Nazwa lokalizacji').fill('Kawiarnia na Rynku');
    // the help says how to copy them from Google Maps
    await form.getByText('prawym przyciskiem myszy', { exact: false }).waitFor();
    // a latitude out of range first: refused on the field, in Polish, nothing saved
    await form.getByLabel('Szerokość geograficzna').fill('95');
    await form.getByLabel('Długość geograficzna').fill('21');
    await form.getByRole('button', { name: 'Dodaj i zapisz' }).click();
    await form.getByText('Szerokość geograficzna musi być liczbą od -90 do 90.').waitFor();

    // a short link holds no coordinates (and cannot be followed without the internet): said when the field is left
    const paste = form.getByLabel('Wklej współrzędne lub link do mapy');
    await paste.fill('https://maps.app.goo.gl/AbCdEf123');
    await paste.blur();
    await form
      .getByText('Skrócony link (maps.app.goo.gl) nie zawiera współrzędnych.', { exact: false })
      .waitFor();
    await paste.fill('52.2297, 21.0122');
    await form.getByText('Odczytano: szer. 52,2297 · dł. 21,0122').waitFor();
    expect(await form.getByLabel('Szerokość geograficzna').inputValue()).toBe('52.2297');
    expect(await form.getByLabel('Długość geograficzna').inputValue()).toBe('21.0122');
    if (viewport === PHONE) expect(await layoutProblems(page)).toEqual([]);
    await form.getByRole('button', { name: 'Dodaj i zapisz' }).click();
    await page.getByText('Dodano lokalizację „Kawiarnia na Rynku”.').waitFor();

    await page.reload();
    const saved = page.getByRole('region', { name: 'Lokalizacje' });
    await saved.getByText('Kawiarnia na Rynku').waitFor();
    await saved.getByText('szer. 52,2297 · dł. 21,0122').waitFor();
    await saved
      .getByText('Ekran blokady: „Kawiarnia Pod Lipą jest tuż obok — pokaż kartę przy kasie”')
      .waitFor();
    if (viewport === PHONE) expect(await layoutProblems(page)).toEqual([]);

    // the API has it too
    const res = await owner.client.call('GET', `/api/v1/tenants/${owner.tenantId}/locations`);
    expect(await res.json()).toEqual({
      locations: [
        {
          name: 'Kawiarnia na Rynku',
          address: null,
          latitude: 52.2297,
          longitude: 21.0122,
          relevantText: null,
        },
      ],
    });

    // removing it saves at once: the list is empty again, on the page and in the API
    await saved.getByRole('button', { name: 'Usuń: Kawiarnia na Rynku' }).click();
    await page.getByText('Usunięto lokalizację „Kawiarnia na Rynku”.').waitFor();
    await saved.getByText('Nie dodano jeszcze żadnej lokalizacji.').waitFor();
    const after = await owner.client.call('GET', `/api/v1/tenants/${owner.tenantId}/locations`);
    expect(await after.json()).toEqual({ locations: [] });
    expect(outside).toEqual([]);
  });
});
