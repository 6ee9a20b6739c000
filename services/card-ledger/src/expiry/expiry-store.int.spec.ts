import { SqliteDocumentStore } from '@punkto/platform/documents/sqlite-document-store';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expiryStore } from './expiry-store';

/**
 * The card views' copy of the expiry setting (ADR 0062): a setting saved on another instance shows here once the
 * copy is a minute old, not before (no extra read per award) and not never.
 */
describe('the expiry setting as the card views show it', () => {
  let dir: string;
  let documents: SqliteDocumentStore;
  let at: number;
  const clock = () => new Date(at);
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'punkto-expiry-store-'));
    documents = SqliteDocumentStore.open(join(dir, 'documents.sqlite'));
    at = Date.parse('2027-02-01T10:00:00.000Z');
  });
  afterEach(async () => {
    await documents.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('is the copy for a minute, then the setting another instance saved', async () => {
    const here = expiryStore(documents, clock);
    const elsewhere = expiryStore(documents, clock);
    await here.save('t-1', 'p-1', { mode: 'inactivity', months: 3 }, clock());
    expect(await here.shownOf('p-1')).toEqual({ mode: 'inactivity', months: 3 });

    await elsewhere.save('t-1', 'p-1', { mode: 'after_earning', months: 6 }, clock());
    at += 59_000;
    expect(await here.shownOf('p-1')).toEqual({ mode: 'inactivity', months: 3 });
    at += 2_000;
    expect(await here.shownOf('p-1')).toEqual({ mode: 'after_earning', months: 6 });
    // the store itself (what the sweep reads) never waits
    expect(await here.settingsOf('p-1')).toEqual({ mode: 'after_earning', months: 6 });
  });

  it('a program with no setting shows off, and a setting saved since shows after the minute', async () => {
    const here = expiryStore(documents, clock);
    expect(await here.shownOf('p-2')).toEqual({ mode: 'off', months: 12 });
    await expiryStore(documents, clock).save('t-1', 'p-2', { mode: 'inactivity', months: 2 }, clock());
    expect(await here.shownOf('p-2')).toEqual({ mode: 'off', months: 12 });
    at += 61_000;
    expect(await here.shownOf('p-2')).toEqual({ mode: 'inactivity', months: 2 });
  });
});
