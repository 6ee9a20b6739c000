import type { CardActivity } from '@punkto/contracts/cards';
import type { ReceivedMessage } from '@punkto/contracts/messages';
import type { MyCard } from '@punkto/contracts/customers';
import { defaultBranding } from '@punkto/contracts/tenant';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { allHistory, allMessages, gatherMyData, HISTORY_PAGE_SIZE, type MyDataSources } from './my-data';
import { myDataFileName, myDataSummary } from './my-data-summary';
import { DATA_FILE, myDataZip, SUMMARY_FILE } from './my-data-zip';

const card: MyCard = {
  cardId: 'card-1',
  tenantId: 't1',
  programId: 'p1',
  programName: 'Co dziesiąta kawa gratis',
  kind: 'points',
  status: 'active',
  humanReadableId: '1234 5678 90',
  points: 125,
  stamps: 0,
  stampsRequired: null,
  lifetimePoints: 140,
  tier: null,
  nextTier: null,
  rewards: [],
  nextReward: null,
  issuedAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  birthdayReward: null,
  expiry: null,
  closedAt: null,
  companyName: 'Kawiarnia Pod Lipą',
  qrPayload: 'secret-qr',
  companyBranding: defaultBranding,
  companyLogoUrl: null,
  closeReason: null,
};

const entry = (n: number): CardActivity => ({
  id: `a${n}`,
  cardId: 'card-1',
  tenantId: 't1',
  companyName: 'Kawiarnia Pod Lipą',
  programId: 'p1',
  programName: 'Co dziesiąta kawa gratis',
  type: 'points_earned',
  occurredAt: '2026-11-02T10:00:00.000Z',
  points: 5,
  stamps: null,
  amountGrosze: null,
  rewardName: null,
  tier: null,
  description: `Przyznano 5 pkt (${n})`,
  reason: null,
  voided: null,
});

const message = (id: string, title: string): ReceivedMessage => ({
  id,
  tenantId: 't1',
  companyName: 'Kawiarnia Pod Lipą',
  title,
  body: 'Zapraszamy na sernik.',
  sentAt: '2026-11-03T08:00:00.000Z',
});

/**
 * a customer's calls answering from fixed data; the history served in pages as my-history does, the messages in
 * pages of two (my-messages serves 200)
 */
function sources(
  historyEntries: CardActivity[],
  fail: keyof MyDataSources | null = null,
  messages: ReceivedMessage[] = [message('m1', 'Nowe ciasto')],
): MyDataSources {
  const or = <T>(name: keyof MyDataSources, value: T) =>
    fail === name ? Promise.reject(new Error(`${name} failed`)) : Promise.resolve(value);
  return {
    profile: () =>
      or('profile', {
        id: 'u1',
        email: 'anna@example.pl',
        tenantId: null,
        role: 'customer',
        username: 'Anna Kowalska',
        phone: '+48600100200',
        phoneVerified: false,
      }),
    preferences: () =>
      or('preferences', {
        emailNotifications: true,
        marketingConsent: false,
        companyMessages: true,
        surveys: true,
      }),
    birthday: () => or('birthday', { birthday: { day: 15, month: 6 } }),
    cards: () => or('cards', { items: [card] }),
    historyPage: (pageNumber, pageSize) =>
      or('historyPage', {
        items: historyEntries.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
        pageNumber,
        pageSize,
        totalCount: historyEntries.length,
        totalPages: Math.ceil(historyEntries.length / pageSize),
      }),
    messagesPage: (pageNumber) =>
      or('messagesPage', {
        messages: messages.slice((pageNumber - 1) * 2, pageNumber * 2),
        hasMore: messages.length > pageNumber * 2,
      }),
    surveys: () =>
      or('surveys', {
        invitations: [
          {
            tenantId: 't1',
            companyName: 'Kawiarnia Pod Lipą',
            visitAt: '2026-11-02T10:00:00.000Z',
            dueAt: '2026-11-02T13:00:00.000Z',
          },
        ],
      }),
  };
}

const now = new Date('2026-11-28T23:30:00.000Z');

describe('the customer’s data export', () => {
  it('reads every history page, not only the first', async () => {
    const entries = Array.from({ length: HISTORY_PAGE_SIZE * 2 + 3 }, (_, i) => entry(i));
    const pagesSeen: number[] = [];
    const history = await allHistory(sources(entries), (page) => pagesSeen.push(page));
    expect(history.map((e) => e.id)).toEqual(entries.map((e) => e.id));
    expect(pagesSeen).toEqual([1, 2, 3]);
    expect(await allHistory(sources([]))).toEqual([]);
  });

  it('reads every page of messages, each message once', async () => {
    const five = ['m5', 'm4', 'm3', 'm2', 'm1'].map((id) => message(id, `Wiadomość ${id}`));
    expect((await allMessages(sources([], null, five))).map((m) => m.id)).toEqual([
      'm5',
      'm4',
      'm3',
      'm2',
      'm1',
    ]);
    // a message arriving between two pages shifts them: the one read again is kept once
    let arrived = false;
    const shifting: Pick<MyDataSources, 'messagesPage'> = {
      messagesPage: async (page) => {
        const all = arrived ? [message('m6', 'Nowa'), ...five] : five;
        arrived = true;
        return { messages: all.slice((page - 1) * 2, page * 2), hasMore: all.length > page * 2 };
      },
    };
    expect((await allMessages(shifting)).map((m) => m.id)).toEqual(['m5', 'm4', 'm3', 'm2', 'm1']);
  });

  it('gathers profile, consents, cards (without the QR credential), history, messages and surveys', async () => {
    const data = await gatherMyData(sources([entry(1), entry(2)]), now);
    expect(data.exportedAt).toBe('2026-11-28T23:30:00.000Z');
    expect(data.profile.email).toBe('anna@example.pl');
    expect(data.preferences.marketingConsent).toBe(false);
    expect(data.birthday).toEqual({ day: 15, month: 6 });
    expect(data.cards).toHaveLength(1);
    expect(data.cards[0]).not.toHaveProperty('qrPayload');
    expect(data.cards[0]!.points).toBe(125);
    expect(data.history.map((e) => e.id)).toEqual(['a1', 'a2']);
    expect(data.messages[0]!.title).toBe('Nowe ciasto');
    expect(data.surveys).toHaveLength(1);
  });

  it('fails as a whole when any call fails (no partial export)', async () => {
    for (const failing of ['profile', 'birthday', 'historyPage', 'messagesPage', 'surveys'] as const)
      await expect(gatherMyData(sources([entry(1)], failing), now)).rejects.toThrow(`${failing} failed`);
  });

  it('summarises it in Polish: who, consents, each card with company, balance and entries, messages, surveys', async () => {
    const text = myDataSummary(await gatherMyData(sources([entry(1), entry(2)]), now));
    expect(text).toContain('Imię i nazwisko: Anna Kowalska');
    expect(text).toContain('E-mail: anna@example.pl');
    expect(text).toContain('Telefon: +48600100200 (niepotwierdzony)');
    expect(text).toContain('Data urodzin (bez roku): 15 czerwca');
    expect(text).toContain('Informacje marketingowe: nie');
    expect(text).toContain('Ankiety po wizycie: tak');
    expect(text).toContain(
      '- Kawiarnia Pod Lipą — Co dziesiąta kawa gratis: saldo 125 pkt; karta nr 1234 5678 90, aktywna, od 1 lis 2026; wpisów w historii: 2',
    );
    expect(text).toContain('HISTORIA (2)');
    expect(text).toContain('Kawiarnia Pod Lipą: Przyznano 5 pkt (1)');
    expect(text).toContain('„Nowe ciasto”');
    expect(text).toContain('Zapraszamy na sernik.');
    expect(text).toContain('ANKIETY PO WIZYCIE (1)');
    expect(text).toContain('Odpowiedzi na ankiety są anonimowe');
  });

  it('zips dane.json and podsumowanie.txt under the Warsaw day’s name', async () => {
    const data = await gatherMyData(sources([entry(1)]), now);
    const zip = await myDataZip(data);
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([DATA_FILE, SUMMARY_FILE]);
    expect(JSON.parse(strFromU8(files[DATA_FILE]!))).toEqual(data);
    expect(strFromU8(files[SUMMARY_FILE]!)).toBe(myDataSummary(data));
    // 23:30 UTC on 28 Nov is already 29 Nov in Warsaw
    expect(myDataFileName(now)).toBe('punkto-moje-dane-2026-11-29.zip');
  });
});
