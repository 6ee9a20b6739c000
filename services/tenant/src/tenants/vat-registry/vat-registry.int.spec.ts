import { describe, expect, it } from 'vitest';
import { startFakeVatRegistry } from '../../testing/fake-vat-registry';
import { warsawDate } from '@punkto/platform/http/csv';
import { MfVatRegistry } from './mf-vat-registry';
import { OfflineVatRegistry } from './offline-vat-registry';
import { vatRegistryContract } from './vat-registry.contract';

const subject = { name: 'KAWIARNIA POD LIPĄ SP. Z O.O.', nip: '1234563218', statusVat: 'Czynny' };

vatRegistryContract('offline', async () => ({ registry: new OfflineVatRegistry(), close: async () => {} }));

vatRegistryContract('mf (against a local server speaking its protocol)', async () => {
  const fake = await startFakeVatRegistry([subject]);
  return {
    registry: new MfVatRegistry({ baseUrl: fake.baseUrl, timeoutMs: 300 }),
    registered: { nip: subject.nip, name: subject.name },
    absent: '5260250274',
    outage: (mode) => fake.setMode(mode),
    timeoutMs: 300,
    close: () => fake.close(),
  };
});

describe('MfVatRegistry on the wire', () => {
  it('asks GET /api/search/nip/{nip}?date=<the day in Poland> and reads the VAT status', async () => {
    const fake = await startFakeVatRegistry([{ ...subject, statusVat: 'Zwolniony' }]);
    try {
      const registry = new MfVatRegistry({ baseUrl: `${fake.baseUrl}/`, timeoutMs: 1000 });
      // 23:30 UTC on 28 November is already 29 November in Warsaw
      const answer = await registry.lookUp(subject.nip, new Date('2026-11-28T23:30:00Z'));
      expect(answer).toEqual({ outcome: 'registered', name: subject.name, statusVat: 'Zwolniony' });
      expect(fake.requests).toEqual([`GET /api/search/nip/${subject.nip}?date=2026-11-29`]);
    } finally {
      await fake.close();
    }
  });

  it('is not-checked, with the reason, for a 503 and for no answer within the timeout', async () => {
    const fake = await startFakeVatRegistry([subject]);
    try {
      const registry = new MfVatRegistry({ baseUrl: fake.baseUrl, timeoutMs: 200 });
      fake.setMode('fail');
      expect(await registry.lookUp(subject.nip, new Date())).toEqual({
        outcome: 'not-checked',
        reason: 'HTTP 503 HTTP-503: Usługa niedostępna',
      });
      fake.setMode('hang');
      expect(await registry.lookUp(subject.nip, new Date())).toEqual({
        outcome: 'not-checked',
        reason: 'no answer within 200 ms',
      });
    } finally {
      await fake.close();
    }
  });

  it('is not-checked when nothing listens at the address', async () => {
    const fake = await startFakeVatRegistry();
    const { baseUrl } = fake;
    await fake.close();
    const answer = await new MfVatRegistry({ baseUrl, timeoutMs: 500 }).lookUp(subject.nip, new Date());
    expect(answer).toMatchObject({ outcome: 'not-checked' });
  });

  it('formats the day in Poland', () => {
    expect(warsawDate(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
    expect(warsawDate(new Date('2026-01-05T12:00:00Z'))).toBe('2026-01-05');
  });
});
