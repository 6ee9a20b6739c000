import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteDocumentStore } from '../documents/sqlite-document-store';
import { accessRevocations } from './access-revocations';

// Issue 15 finding 4 (ADR 0010): what a service does with identity's SessionsRevoked / UserDeleted.
const dir = await mkdtemp(join(tmpdir(), 'punkto-revocations-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

let now = new Date('2026-11-24T10:00:00.000Z');
const clock = () => now;
const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const sessionsRevoked = (userId: string, sessionIds: string[], revokedAt: string) => ({
  id: 'e1',
  type: 'SessionsRevoked',
  data: { userId, sessionIds, reason: 'logout', revokedAt },
});

describe('access revocations', () => {
  it('given nothing revoked, every verified token counts', async () => {
    const store = await SqliteDocumentStore.open(join(dir, 'a.sqlite'));
    const revocations = await accessRevocations(store, { clock });
    expect(revocations.isRevoked({ sub: 'u1', sid: 's1', iat: at('2026-11-24T09:59:00Z') })).toBe(false);
    await store.close();
  });

  it('when a session is revoked, its tokens stop counting, other sessions of the user do not', async () => {
    const store = await SqliteDocumentStore.open(join(dir, 'b.sqlite'));
    const revocations = await accessRevocations(store, { clock });
    await revocations.apply(sessionsRevoked('u1', ['s1'], '2026-11-24T10:00:00.000Z'));
    expect(revocations.isRevoked({ sub: 'u1', sid: 's1', iat: at('2026-11-24T09:59:00Z') })).toBe(true);
    expect(revocations.isRevoked({ sub: 'u1', sid: 's2', iat: at('2026-11-24T09:59:00Z') })).toBe(false);
    // tokens without a session id (issued before revocations existed) are left to expire
    expect(revocations.isRevoked({ sub: 'u1', iat: at('2026-11-24T09:59:00Z') })).toBe(false);
    await store.close();
  });

  it('when a user is deleted, every token of the user issued until then stops counting', async () => {
    const store = await SqliteDocumentStore.open(join(dir, 'c.sqlite'));
    const revocations = await accessRevocations(store, { clock });
    await revocations.apply({
      type: 'UserDeleted',
      data: { userId: 'u2', reason: 'employee-removed', deletedAt: '2026-11-24T10:00:00.000Z' },
    });
    expect(revocations.isRevoked({ sub: 'u2', sid: 'x', iat: at('2026-11-24T09:30:00Z') })).toBe(true);
    expect(revocations.isRevoked({ sub: 'u2', iat: at('2026-11-24T10:00:00Z') })).toBe(true);
    expect(revocations.isRevoked({ sub: 'u3', iat: at('2026-11-24T09:30:00Z') })).toBe(false);
    await store.close();
  });

  it('ignores other identity events and malformed ones', async () => {
    const store = await SqliteDocumentStore.open(join(dir, 'd.sqlite'));
    const revocations = await accessRevocations(store, { clock });
    await revocations.apply({
      type: 'UserActivated',
      data: { userId: 'u1', activatedAt: now.toISOString() },
    });
    await revocations.apply({ type: 'SessionsRevoked', data: { userId: 'u1' } });
    await revocations.apply('garbage');
    expect(revocations.isRevoked({ sub: 'u1', sid: 's1' })).toBe(false);
    await store.close();
  });

  it('survives a restart, and forgets a revocation once no token it names can be alive', async () => {
    const file = join(dir, 'e.sqlite');
    let store = await SqliteDocumentStore.open(file);
    let revocations = await accessRevocations(store, { clock, maxTokenLifeSeconds: 1800 });
    await revocations.apply(sessionsRevoked('u1', ['s1', 's2'], '2026-11-24T10:00:00.000Z'));
    await store.close();

    store = await SqliteDocumentStore.open(file);
    revocations = await accessRevocations(store, { clock, maxTokenLifeSeconds: 1800 });
    expect(revocations.isRevoked({ sub: 'u1', sid: 's2' })).toBe(true);
    // 31 minutes later every token of s1/s2 has expired by itself: the entries go (memory and store)
    now = new Date('2026-11-24T10:31:00.000Z');
    await revocations.apply(sessionsRevoked('u9', ['s9'], now.toISOString()));
    expect(revocations.isRevoked({ sub: 'u1', sid: 's2' })).toBe(false);
    expect((await store.collection('access-revocations').find()).map((d) => d._id)).toEqual(['sid:s9']);
    await store.close();
  });

  it('applies identity’s own revocations in memory at once', async () => {
    const store = await SqliteDocumentStore.open(join(dir, 'f.sqlite'));
    const revocations = await accessRevocations(store, { clock });
    revocations.revokeSessions(['s7'], now);
    expect(revocations.isRevoked({ sub: 'u7', sid: 's7' })).toBe(true);
    await store.close();
  });

  it('a permission change: the user’s tokens below the new access version stop counting, also after a restart (ADR 0038)', async () => {
    const file = join(dir, 'g.sqlite');
    let store = await SqliteDocumentStore.open(file);
    let revocations = await accessRevocations(store, { clock });
    const changed = (accessVersion: number | undefined, changedAt: string) => ({
      type: 'UserPermissionsChanged',
      data: { userId: 'u5', permissions: ['cards.scan'], changedAt, ...(accessVersion && { accessVersion }) },
    });
    // recorded before access versions existed: nothing to compare a token with
    await revocations.apply(changed(undefined, now.toISOString()));
    expect(revocations.isRevoked({ sub: 'u5', sid: 's5', av: 0 })).toBe(false);
    await revocations.apply(changed(2, now.toISOString()));
    await revocations.apply(changed(1, now.toISOString())); // late, and lower: changes nothing
    expect(revocations.isRevoked({ sub: 'u5', sid: 's5', av: 1 })).toBe(true);
    expect(revocations.isRevoked({ sub: 'u5', sid: 's5' })).toBe(true);
    expect(revocations.isRevoked({ sub: 'u5', sid: 's5', av: 2 })).toBe(false);
    expect(revocations.isRevoked({ sub: 'u6', sid: 's6', av: 0 })).toBe(false);
    await revocations.apply({
      type: 'UserTenantUnassigned',
      data: { userId: 'u6', tenantId: 't1', unassignedAt: now.toISOString(), accessVersion: 1 },
    });
    expect(revocations.isRevoked({ sub: 'u6', sid: 's6', av: 0 })).toBe(true);
    await store.close();

    store = await SqliteDocumentStore.open(file);
    revocations = await accessRevocations(store, { clock });
    expect(revocations.isRevoked({ sub: 'u5', sid: 's5', av: 1 })).toBe(true);
    expect(revocations.isRevoked({ sub: 'u5', sid: 's5', av: 2 })).toBe(false);
    expect(revocations.isRevoked({ sub: 'u6', sid: 's6', av: 0 })).toBe(true);
    await store.close();
  });
});
