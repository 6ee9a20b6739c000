import type { ClientEnrolledData } from '@punkto/contracts/integration-events';
import { describe, expect, it } from 'vitest';
import type { ClientEvent } from './client';
import {
  addressMembers,
  keysOfRecord,
  personIdOf,
  personOf,
  rowsOfRecord,
  type PersonKey,
} from './client-people.projection';
import { applyClientEvent, type ClientRecord } from './clients.projection';

// test-data mothers: enrolments as the `clients` read model holds them after their events
const tenantId = 't1';
const enrolledEvent = (overrides: Partial<ClientEnrolledData>): ClientEvent => ({
  type: 'ClientEnrolled',
  data: {
    clientId: 'c1',
    tenantId,
    programId: 'p1',
    userId: 'u1',
    email: 'ola@example.pl',
    name: 'Ola Żak',
    phone: null,
    source: 'self',
    companyName: 'Kawiarnia',
    programName: 'Kawa za punkty',
    marketingConsent: false,
    enrolledAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  },
});
const given = (...events: ClientEvent[]): ClientRecord =>
  events.reduce<ClientRecord | null>((r, e) => applyClientEvent(r, e), null)!;
const ids = (c: string) => ({ clientId: c, tenantId, programId: 'p' });

const points = given(enrolledEvent({}));
const stamps = given(
  enrolledEvent({
    clientId: 'c2',
    programId: 'p2',
    programName: 'Pieczątki',
    phone: '+48600100200',
    enrolledAt: '2026-03-02T10:00:00.000Z',
  }),
);
const ofAccount: PersonKey = { tenantId, userId: 'u1' };

describe('client people (one row per person of the clients list)', () => {
  it('given one account in two programmes, when its row is made, then one row lists both programmes', () => {
    const row = personOf(ofAccount, [stamps, points]);

    expect(row).toMatchObject({
      userId: 'u1',
      emailKey: null,
      name: 'Ola Żak',
      nameKey: 'ola zak',
      email: 'ola@example.pl',
      phone: '+48600100200',
      phoneGivenBy: 'customer',
      status: 'active',
      enrolledAt: '2026-03-01T10:00:00.000Z',
    });
    expect(row!.enrolments.map((e) => [e.clientId, e.programName, e.status])).toEqual([
      ['c1', 'Kawa za punkty', 'active'],
      ['c2', 'Pieczątki', 'active'],
    ]);
    expect(row!.searchText).toContain('600100200');
  });

  it('given an enrolment removed, when the row is made again, then only the other programme is left', () => {
    const removed = given(enrolledEvent({}), {
      type: 'ClientRemoved',
      data: { ...ids('c1'), removedAt: '2026-03-03T10:00:00.000Z' },
    } as ClientEvent);

    const row = personOf(ofAccount, [removed, stamps]);

    expect(row!.enrolments.map((e) => e.clientId)).toEqual(['c2']);
    expect(row!.enrolledAt).toBe('2026-03-02T10:00:00.000Z');
  });

  it('given every enrolment removed, when the row is made again, then there is no row', () => {
    const removed = (r: ClientRecord) =>
      applyClientEvent(r, {
        type: 'ClientRemoved',
        data: { ...ids(r.clientId), removedAt: '2026-03-03T10:00:00.000Z' },
      } as ClientEvent)!;

    expect(personOf(ofAccount, [removed(points), removed(stamps)])).toBeNull();
    expect(personOf(ofAccount, [])).toBeNull();
  });

  it('given a rename of one enrolment, when the row is made, then it shows the name changed last', () => {
    const renamed = applyClientEvent(stamps, {
      type: 'ClientRenamed',
      data: { ...ids('c2'), name: 'Aleksandra Żak', renamedAt: '2026-03-04T10:00:00.000Z' },
    } as ClientEvent)!;

    const row = personOf(ofAccount, [points, renamed]);

    expect(row!.name).toBe('Aleksandra Żak');
    expect(row!.searchText).toContain('ola zak'); // still found by the other enrolment's name
  });

  it('given an address invited by staff, when the row is made, then it is invited and named by the address until a real name exists', () => {
    const invited = given(
      enrolledEvent({ clientId: 'c3', userId: null, name: 'ola@example.pl', source: 'added' }),
    );

    expect(personOf({ tenantId, emailKey: 'ola@example.pl' }, [invited])).toMatchObject({
      status: 'invited',
      userId: null,
      name: 'ola@example.pl',
    });
    // with the account's own enrolment the real name wins, and the person is active
    expect(personOf(ofAccount, [invited, points])).toMatchObject({ name: 'Ola Żak', status: 'active' });
  });

  it('given an invited address that is also an account enrolment, then the address has no row of its own', () => {
    const invited = given(enrolledEvent({ clientId: 'c3', userId: null, source: 'added' }));

    expect(addressMembers([invited, points])).toEqual([]);
    expect(addressMembers([invited])).toEqual([invited]);
  });

  it('given a removed enrolment, then only its account names a row it was in (its address is gone)', () => {
    const removedAt = '2026-03-03T10:00:00.000Z';
    const remove = (r: ClientRecord) =>
      applyClientEvent(r, { type: 'ClientRemoved', data: { ...ids(r.clientId), removedAt } } as ClientEvent)!;
    const invited = given(enrolledEvent({ clientId: 'c3', userId: null, source: 'added' }));

    expect(rowsOfRecord(points)).toEqual(keysOfRecord(points));
    expect(rowsOfRecord(remove(points))).toEqual([ofAccount]);
    expect(rowsOfRecord(remove(invited))).toEqual([]);
    expect(rowsOfRecord(null)).toEqual([]);
  });

  it('given an enrolment, then its keys are its account and its address, and an address key hides the address', () => {
    const keys = keysOfRecord(points);

    expect(keys).toEqual([ofAccount, { tenantId, emailKey: 'ola@example.pl' }]);
    expect(personIdOf(keys[1]!)).not.toContain('ola');
    expect(personIdOf(keys[1]!)).toBe(personIdOf({ tenantId, emailKey: 'ola@example.pl' }));
  });
});
