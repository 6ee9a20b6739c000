import type { ImportClientsResponse } from '@punkto/contracts/client-import';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toClientStreamId } from './client';
import { tenantEventStore } from './staff-and-clients';
import { startTenantTestApp, steppingClock, type TenantTestApp } from '../testing/tenant-test-app';

/**
 * An import row's birthday (ADR 0059) travels with the enrolment as „MM-DD” (no year), sealed in the log with the
 * client's key like the name (ADR 0006), so shredding the key erases it (ADR 0046). A bad value is the row's error.
 */
let t: TenantTestApp;
beforeAll(async () => {
  t = await startTenantTestApp({ clock: steppingClock() });
  await t.startConsumers();
});
afterAll(async () => t?.close());

describe('POST /tenants/{id}/import-clients with a birthday column', () => {
  it('puts the day and month in ClientEnrolled, sealed; a blank cell adds nothing; a bad one is the row’s error', async () => {
    const owner = await t.ownerWithTenant({ companyName: 'Kawiarnia Pod Lipą' });
    const programId = await t.program(owner.tenantId, owner.token, { name: 'Kawa za punkty' });
    const res = await t.call(owner.token, 'POST', `/api/v1/tenants/${owner.tenantId}/import-clients`, {
      importId: 'plik-1',
      programId,
      rows: [
        { row: 2, name: 'Anna Kowalska', email: 'anna.urodziny@example.pl', birthday: '14.03.1985' },
        { row: 3, name: 'Jan Nowak', phone: '600 100 301', birthday: '' },
        { row: 4, name: 'Maria Wiśniewska', phone: '600 100 302', birthday: '30.02' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [anna, jan, maria] = (res.json() as ImportClientsResponse).results;
    expect(maria).toMatchObject({
      outcome: 'error',
      errors: [{ field: 'birthday', message: 'Urodziny: ten miesiąc ma najwyżej 29 dni.' }],
    });

    const [raw] = await t.infra.eventStore.readStream(toClientStreamId(anna!.clientId!));
    const sealed = (raw!.data as { birthday?: unknown }).birthday;
    expect(typeof sealed).toBe('string');
    expect(sealed).not.toBe('03-14');
    expect(JSON.stringify(raw!.data)).not.toMatch(/1985/);
    const [plain] = await tenantEventStore(t.infra).readStream(toClientStreamId(anna!.clientId!));
    expect(plain!.data).toMatchObject({ source: 'imported', birthday: '03-14' });

    const [withoutOne] = await tenantEventStore(t.infra).readStream(toClientStreamId(jan!.clientId!));
    expect(withoutOne!.data).not.toHaveProperty('birthday');
  });
});
