import { TenantLogoChangedData } from '@punkto/contracts/integration-events';
import { Permissions, Roles } from '@punkto/contracts/permissions';
import { TenantErrors, type TenantImage } from '@punkto/contracts/tenant';
import { ACCESS_COOKIE } from '@punkto/platform/http/auth-plugin';
import { SAME_ORIGIN } from '@punkto/platform/testing/same-origin';
import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toTenantStreamId } from '../tenants/tenant';
import {
  multipartFile,
  startTenantTestApp,
  TEST_PUBLIC_URL,
  type TenantTestApp,
} from '../testing/tenant-test-app';

let t: TenantTestApp;
beforeAll(async () => {
  t = await startTenantTestApp();
});
afterAll(async () => t?.close());

// real images made with sharp
const solid = (width: number, height: number, background: sharp.Color, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background } });
const pngLogo = () => solid(400, 200, { r: 200, g: 30, b: 30, alpha: 0.5 }, 4).png().toBuffer();
const webpLogo = () => solid(320, 100, { r: 0, g: 120, b: 0 }).webp().toBuffer();
const jpegWithExif = (width: number, height: number) =>
  solid(width, height, { r: 20, g: 60, b: 200 })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Kawiarnia', ImageDescription: 'sekret' } })
    .toBuffer();

const upload = async (
  token: string,
  tenantId: string,
  kind: 'logo' | 'hero',
  field: string,
  file: Buffer,
  name = 'plik.png',
  type = 'image/png',
) => {
  const { payload, headers } = multipartFile(field, name, type, file);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/tenants/${tenantId}/${kind === 'logo' ? 'upload-logo' : 'upload-hero-image'}`,
    payload,
    headers,
    cookies: { [ACCESS_COOKIE]: token },
  });
};
const pathOf = (url: string) => {
  expect(url.startsWith(TEST_PUBLIC_URL)).toBe(true);
  return url.slice(TEST_PUBLIC_URL.length);
};
const fetchImage = (url: string) => t.app.inject({ method: 'GET', url: pathOf(url) });

async function expectRenditions(image: TenantImage, sizes: Record<string, [number, number]>) {
  expect(Object.keys(image.renditions).sort()).toEqual(Object.keys(sizes).sort());
  for (const [name, [width, height]] of Object.entries(sizes)) {
    const res = await fetchImage(image.renditions[name]!);
    expect(res.statusCode, name).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect({ name, format: meta.format, width: meta.width, height: meta.height }).toEqual({
      name,
      format: 'png',
      width,
      height,
    });
    expect(meta.exif, `${name} carries no EXIF`).toBeUndefined();
  }
}

const logoSizes: Record<string, [number, number]> = {
  logo: [160, 50],
  'logo@2x': [320, 100],
  'logo@3x': [480, 150],
  icon: [29, 29],
  'icon@2x': [58, 58],
  'icon@3x': [87, 87],
  'google-logo': [660, 660],
};
const heroSizes: Record<string, [number, number]> = {
  strip: [375, 123],
  'strip@2x': [750, 246],
  'strip@3x': [1125, 369],
  'google-hero': [1032, 336],
};

async function pixel(url: string, x: number, y: number) {
  const { data, info } = await sharp((await fetchImage(url)).rawPayload)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [...data.subarray(i, i + info.channels)];
}

describe('POST /api/v1/tenants/{id}/upload-logo', () => {
  it('stores a PNG logo in every wallet size, public and immutable, and records TenantLogoChanged', async () => {
    const { tenantId, token, ownerId } = await t.ownerWithTenant();
    const res = await upload(token, tenantId, 'logo', 'Logo', await pngLogo());
    expect(res.statusCode, res.body).toBe(200);
    const logo = res.json().logo as TenantImage;
    expect(logo.url).toBe(logo.renditions['logo@2x']);
    expect(logo.url).toMatch(
      new RegExp(`^${TEST_PUBLIC_URL}/api/v1/tenants/${tenantId}/images/logo-2x-[0-9a-f]{16}\\.png$`),
    );
    expect(logo.contentHash).toMatch(/^[0-9a-f]{64}$/);
    const { source: _source, ...publicSizes } = logo.renditions;
    await expectRenditions({ ...logo, renditions: publicSizes }, logoSizes);

    // the Apple logo keeps transparency (contain); the icon and Google logo sit on the card background
    expect((await pixel(logo.renditions['logo']!, 0, 0))[3]).toBe(0);
    expect(await pixel(logo.renditions['google-logo']!, 5, 5)).toEqual([0x1f, 0x3a, 0x5f]);

    const [, changed] = await t.infra.eventStore.readStream(toTenantStreamId(tenantId));
    expect(changed).toMatchObject({ type: 'TenantLogoChanged', metadata: { tenantId, actorId: ownerId } });
    expect(TenantLogoChangedData.parse(changed!.data).logo).toEqual(logo);
    expect((await t.call(token, 'GET', `/api/v1/tenants/${tenantId}`)).json().logo).toEqual(logo);
  });

  it('accepts WebP and JPEG by content, strips metadata, and the same picture again records nothing', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const webp = await upload(token, tenantId, 'logo', 'Logo', await webpLogo(), 'logo.webp', 'image/webp');
    expect(webp.statusCode, webp.body).toBe(200);

    const jpeg = await jpegWithExif(600, 300);
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    // a misleading name and type do not matter: the content is a JPEG
    const res = await upload(token, tenantId, 'logo', 'Logo', jpeg, 'logo.gif', 'application/octet-stream');
    expect(res.statusCode, res.body).toBe(200);
    const { source: _source, ...publicSizes } = (res.json().logo as TenantImage).renditions;
    await expectRenditions({ ...(res.json().logo as TenantImage), renditions: publicSizes }, logoSizes);

    const before = (await t.infra.eventStore.readStream(toTenantStreamId(tenantId))).length;
    const again = await upload(token, tenantId, 'logo', 'Logo', jpeg);
    expect(again.statusCode).toBe(200);
    expect(again.json().logo.contentHash).toBe(res.json().logo.contentHash);
    expect(await t.infra.eventStore.readStream(toTenantStreamId(tenantId))).toHaveLength(before);
  });

  it('refuses anything that is not a PNG, JPEG or WebP — whatever its name — with 400 {Logo: […]}', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const typeError = {
      code: 'VALIDATION_ERROR',
      status: 400,
      errors: { Logo: [TenantErrors.uploadType.message] },
    };

    const text = await upload(
      token,
      tenantId,
      'logo',
      'Logo',
      Buffer.from('to nie jest obraz\n'.repeat(50)),
      'logo.png',
    );
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject(typeError);

    const gif = await solid(400, 200, { r: 1, g: 2, b: 3 }).gif().toBuffer();
    expect((await upload(token, tenantId, 'logo', 'Logo', gif, 'logo.png')).json()).toMatchObject(typeError);

    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="400" height="200"/></svg>',
    );
    expect((await upload(token, tenantId, 'logo', 'Logo', svg, 'logo.png')).json()).toMatchObject(typeError);

    // a valid PNG header followed by garbage: decodable header, broken picture
    const png = await pngLogo();
    const broken = Buffer.concat([png.subarray(0, 64), randomBytes(2000)]);
    expect((await upload(token, tenantId, 'logo', 'Logo', broken)).json()).toMatchObject(typeError);

    expect(await t.infra.eventStore.readStream(toTenantStreamId(tenantId))).toHaveLength(1);
  });

  it('refuses a 6 MB file with 400 uploadTooLarge (the multipart limit truncation is detected)', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const big = Buffer.concat([await pngLogo(), randomBytes(6 * 1024 * 1024)]);
    const res = await upload(token, tenantId, 'logo', 'Logo', big);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: { Logo: [TenantErrors.uploadTooLarge.message] },
    });
  });

  it('refuses a too small image and a missing file', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const tiny = await solid(100, 40, { r: 0, g: 0, b: 0 }).png().toBuffer();
    const small = await upload(token, tenantId, 'logo', 'Logo', tiny);
    expect(small.statusCode).toBe(400);
    expect(small.json().errors).toEqual({ Logo: [TenantErrors.uploadTooSmall.message] });

    const missing = { Logo: [TenantErrors.uploadMissing.message] };
    expect((await upload(token, tenantId, 'logo', 'file', await pngLogo())).json().errors).toEqual(missing);
    expect((await upload(token, tenantId, 'logo', 'Logo', Buffer.alloc(0))).json().errors).toEqual(missing);
    const json = await t.call(token, 'POST', `/api/v1/tenants/${tenantId}/upload-logo`, { Logo: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors).toEqual(missing);
    const field = `--b1\r\nContent-Disposition: form-data; name="Logo"\r\n\r\ntekst\r\n--b1--\r\n`;
    const onlyField = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tenants/${tenantId}/upload-logo`,
      payload: field,
      headers: { 'content-type': 'multipart/form-data; boundary=b1', ...SAME_ORIGIN },
      cookies: { [ACCESS_COOKIE]: token },
    });
    expect(onlyField.json().errors).toEqual(missing);
  });

  it('needs tenant.settings', async () => {
    const { tenantId } = await t.ownerWithTenant();
    const employee = await t.tokenFor({
      id: randomUUID(),
      role: Roles.employee,
      tid: tenantId,
      perms: [Permissions.programsManage],
    });
    const res = await upload(employee, tenantId, 'logo', 'Logo', await pngLogo());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'PERMISSION_DENIED' });
    const allowed = await t.tokenFor({
      id: randomUUID(),
      role: Roles.employee,
      tid: tenantId,
      perms: [Permissions.tenantSettings],
    });
    expect((await upload(allowed, tenantId, 'logo', 'Logo', await pngLogo())).statusCode).toBe(200);
  });

  it('renders the colour-dependent sizes again when the card background changes', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const first = (await upload(token, tenantId, 'logo', 'Logo', await pngLogo())).json().logo as TenantImage;
    const res = await t.call(token, 'PATCH', `/api/v1/tenants/${tenantId}/update-tenant`, {
      branding: { backgroundColor: '#00aa00', foregroundColor: '#ffffff', labelColor: '#eeeeee' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const logo = res.json().logo as TenantImage;
    expect(logo.contentHash).not.toBe(first.contentHash);
    expect(logo.renditions['logo@2x']).toBe(first.renditions['logo@2x']); // transparent: unchanged
    expect(await pixel(logo.renditions['google-logo']!, 5, 5)).toEqual([0x00, 0xaa, 0x00]);
    expect(await pixel(logo.renditions['icon@3x']!, 0, 0)).toEqual([0x00, 0xaa, 0x00]);
    // the old URLs stay valid (passes already issued may still point at them)
    expect((await fetchImage(first.renditions['google-logo']!)).statusCode).toBe(200);
  });
});

describe('hero image', () => {
  it('is cropped to the Apple strip and Google hero sizes; DELETE removes it, twice is 404', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const res = await upload(
      token,
      tenantId,
      'hero',
      'HeroImage',
      await jpegWithExif(1600, 900),
      'tlo.jpg',
      'image/jpeg',
    );
    expect(res.statusCode, res.body).toBe(200);
    const hero = res.json().heroImage as TenantImage;
    expect(hero.url).toBe(hero.renditions['strip@2x']);
    await expectRenditions(hero, heroSizes);

    const removed = await t.call(token, 'DELETE', `/api/v1/tenants/${tenantId}/hero-image`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().heroImage).toBeNull();
    const events = await t.infra.eventStore.readStream(toTenantStreamId(tenantId));
    expect(events.at(-1)).toMatchObject({ type: 'TenantHeroImageChanged', data: { heroImage: null } });

    const again = await t.call(token, 'DELETE', `/api/v1/tenants/${tenantId}/hero-image`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({
      code: TenantErrors.noHeroImage.code,
      localizedMessage: TenantErrors.noHeroImage.message,
    });
  });

  it('uses its own field and minimum size', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const small = await upload(
      token,
      tenantId,
      'hero',
      'HeroImage',
      await solid(700, 300, { r: 9, g: 9, b: 9 }).png().toBuffer(),
    );
    expect(small.json().errors).toEqual({ HeroImage: [TenantErrors.uploadTooSmall.message] });
    const wrongField = await upload(token, tenantId, 'hero', 'Logo', await jpegWithExif(1600, 900));
    expect(wrongField.json().errors).toEqual({ HeroImage: [TenantErrors.uploadMissing.message] });
  });
});

describe('GET /api/v1/tenants/{id}/images/{file}', () => {
  it('is public; unknown files, other tenants and deleted tenants are 404', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const logo = (await upload(token, tenantId, 'logo', 'Logo', await pngLogo())).json().logo as TenantImage;
    const file = logo.url.split('/').at(-1)!;
    const anonymous = await t.app.inject({ url: `/api/v1/tenants/${tenantId}/images/${file}` });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['etag']).toMatch(/^"[0-9a-f]{64}"$/);

    expect(
      (await t.app.inject({ url: `/api/v1/tenants/${tenantId}/images/logo-2x-0000000000000000.png` }))
        .statusCode,
    ).toBe(404);
    const other = await t.ownerWithTenant();
    const cross = await t.app.inject({ url: `/api/v1/tenants/${other.tenantId}/images/${file}` });
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.app.inject({ url: `/api/v1/tenants/${tenantId}/images/..%2Fsecret` })).statusCode).toBe(
      400,
    );

    await t.call(token, 'DELETE', '/api/v1/tenants/delete-tenant', {
      confirmCompanyName: 'Kawiarnia Pod Lipą',
    });
    expect((await t.app.inject({ url: `/api/v1/tenants/${tenantId}/images/${file}` })).statusCode).toBe(404);
    expect(await t.infra.blobs.list(`tenants/${tenantId}/`)).toEqual([]);
  });
});
