import { HTTPS_URL_MESSAGE } from '@punkto/contracts/web-addresses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANTS_COLLECTION } from './tenants.projection';
import { startTenantTestApp, type TenantTestApp } from '../testing/tenant-test-app';

// Issue 36: a value the request accepts must be one the answer can carry. The company's website was any
// `z.url()`: a space or a quote was stored and the company's own settings then answered 500 (the answer's
// `format: uri`), and `javascript:` or `http:` addresses went through although the message asks for https://.

let t: TenantTestApp;
beforeAll(async () => {
  t = await startTenantTestApp();
});
afterAll(async () => t?.close());

const tenantUrl = (tenantId: string, rest = '') => `/api/v1/tenants/${tenantId}${rest}`;
const withWebsite = async (website: string) => {
  const { tenantId, token } = await t.ownerWithTenant();
  const saved = await t.call(token, 'PATCH', tenantUrl(tenantId, '/update-tenant'), { contact: { website } });
  const read = await t.call(token, 'GET', tenantUrl(tenantId));
  return { saved, read };
};

describe('the company website', () => {
  it.each([
    ['a space', 'https://lipa.pl/a b'],
    ['a double quote', 'https://lipa.pl/"x"'],
    ['angle brackets', 'https://lipa.pl/<b>'],
    ['javascript:', 'javascript:alert(1)'],
    ['plain http', 'http://lipa.pl'],
  ])(
    'refuses an address with %s (400 on the field, Polish), and the settings still read',
    async (_, website) => {
      const { saved, read } = await withWebsite(website);
      expect(saved.statusCode, saved.body).toBe(400);
      expect(saved.json().errors).toEqual({ 'contact.website': [HTTPS_URL_MESSAGE] });
      expect(read.statusCode, read.body).toBe(200);
    },
  );

  it('takes an address typed without https:// as https (a person types kawiarnia.pl)', async () => {
    const { saved, read } = await withWebsite('www.Lipa.pl/menu');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(read.json().contact.website).toBe('https://www.lipa.pl/menu');
  });

  it('stores an https address normalised and answers it on every read', async () => {
    const { saved, read } = await withWebsite('  https://Lipa.PL/menu  ');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().contact.website).toBe('https://lipa.pl/menu');
    expect(read.json().contact.website).toBe('https://lipa.pl/menu');
  });

  it('answers a website stored before the rule normalised, or without it, never with a 500', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const tenants = t.infra.documents.collection<Record<string, unknown> & { _id: string }>(
      TENANTS_COLLECTION,
    );
    const storedWith = async (website: string) => {
      const doc = (await tenants.get(tenantId))!;
      await tenants.upsert({ ...doc, contact: { email: 'kontakt@lipa.pl', website } });
      return t.call(token, 'GET', tenantUrl(tenantId));
    };
    const broken = await storedWith('https://lipa.pl/a b"<x>');
    expect(broken.statusCode, broken.body).toBe(200);
    expect(broken.json().contact).toEqual({ email: 'kontakt@lipa.pl' });
    const old = await storedWith('HTTPS://Lipa.pl/menu');
    expect(old.json().contact).toEqual({ email: 'kontakt@lipa.pl', website: 'https://lipa.pl/menu' });
  });
});
