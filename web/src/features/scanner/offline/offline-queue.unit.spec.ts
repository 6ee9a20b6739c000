import { describe, expect, it } from 'vitest';
import {
  RECENT_CARD_MAX_AGE_MS,
  afterAnswer,
  backoffMs,
  cardIdFromQr,
  classifyAnswer,
  findRecentCard,
  inReplayOrder,
  nextStep,
  queueEntry,
  recentCardsToForget,
  requeueRefused,
} from './offline-queue';
import { NOW, aCard, anAward } from './offline.mothers';

const HOUR = 60 * 60 * 1000;

describe('recent cards', () => {
  const seen = (cardId: string, number: string, seenAt: number) => ({
    key: `t1|u1|${cardId}`,
    card: aCard({ cardId, humanReadableId: number }),
    seenAt,
  });

  describe('given cards seen 1 h and 13 h ago', () => {
    const recent = [seen('c1', '1111 1111 11', NOW - HOUR), seen('c2', '2222 2222 22', NOW - 13 * HOUR)];

    it('when looked up by the number typed without spaces, then the card seen 1 h ago is found', () => {
      expect(
        findRecentCard(recent, { kind: 'number', humanReadableId: '1111111111' }, NOW)?.card.cardId,
      ).toBe('c1');
    });

    it('when looked up by the QR code of a card, then the card with that id is found', () => {
      expect(findRecentCard(recent, { kind: 'qr', qr: 'P1.c1.1.abcdefghijklmnopqrstuv' }, NOW)?.seenAt).toBe(
        NOW - HOUR,
      );
    });

    it('when the card seen 13 h ago is looked up, then nothing is found (older than 12 h)', () => {
      expect(findRecentCard(recent, { kind: 'number', humanReadableId: '2222222222' }, NOW)).toBeNull();
    });

    it('when an unknown card is looked up, then nothing is found', () => {
      expect(findRecentCard(recent, { kind: 'number', humanReadableId: '9999999999' }, NOW)).toBeNull();
    });

    it('when the cache is tidied, then the card older than 12 h is forgotten', () => {
      expect(recentCardsToForget(recent, NOW)).toEqual(['t1|u1|c2']);
    });
  });

  it('given more cards than the limit, when tidied, then the oldest beyond it are forgotten', () => {
    const recent = [1, 2, 3, 4].map((i) => seen(`c${i}`, `${i}`.repeat(10), NOW - i * 1000));
    expect(recentCardsToForget(recent, NOW, 2)).toEqual(['t1|u1|c3', 't1|u1|c4']);
  });

  it('the card id is read from a QR payload, and nothing from other text', () => {
    expect(cardIdFromQr('P1.card-7.2.abcdefghijklmnopqrstuv')).toBe('card-7');
    expect(cardIdFromQr('https://example.com')).toBeNull();
    expect(cardIdFromQr('P1..1.sig')).toBeNull();
  });

  it('a card seen exactly 12 h ago is still fresh', () => {
    const recent = [seen('c1', '1111111111', NOW - RECENT_CARD_MAX_AGE_MS)];
    expect(findRecentCard(recent, { kind: 'number', humanReadableId: '1111111111' }, NOW)).not.toBeNull();
  });
});

describe('the queue', () => {
  it('given two awards waiting, when a third is queued, then it goes last', () => {
    const existing = [anAward({ id: 'a', seq: 1 }), anAward({ id: 'b', seq: 2 })];
    const entry = queueEntry(
      { ...anAward(), id: 'c', scope: 't1|u1', idempotencyKey: 'key-c-000000' },
      existing,
      NOW + 5,
    );
    expect(entry).toMatchObject({ seq: 3, status: 'queued', attempts: 0, queuedAt: NOW + 5, refusal: null });
  });

  it('given awards stored out of order and a refused one, then the replay order is the queueing order', () => {
    const entries = [
      anAward({ id: 'c', seq: 3 }),
      anAward({ id: 'r', seq: 0, status: 'refused' }),
      anAward({ id: 'a', seq: 1 }),
      anAward({ id: 'b', seq: 2 }),
    ];
    expect(inReplayOrder(entries).map((e) => e.id)).toEqual(['a', 'b', 'c']);
  });

  describe('the next step', () => {
    it('given an empty queue, then there is nothing to do', () => {
      expect(nextStep([], NOW)).toEqual({ kind: 'done' });
    });

    it('given the head waiting for its retry, then the pass waits — a later award never overtakes it', () => {
      const entries = [anAward({ id: 'a', seq: 1, nextAttemptAt: NOW + 4000 }), anAward({ id: 'b', seq: 2 })];
      expect(nextStep(entries, NOW)).toEqual({ kind: 'wait', ms: 4000 });
    });

    it('given the head due, then it is sent', () => {
      const entries = [anAward({ id: 'b', seq: 2 }), anAward({ id: 'a', seq: 1 })];
      expect(nextStep(entries, NOW)).toMatchObject({ kind: 'send', entry: { id: 'a' } });
    });
  });
});

describe('an answer to a replayed award', () => {
  const error = (status: number, code: string | null = null) =>
    ({ kind: 'error', status, code, message: 'Powód' }) as const;

  it.each([
    ['a 2xx with the card', { kind: 'ok', card: null } as const, 'booked'],
    ['no connection', { kind: 'network' } as const, 'retry'],
    ['a server error', error(500), 'retry'],
    ['maintenance', error(503, 'UNDER_MAINTENANCE'), 'retry'],
    ['a gateway timeout', error(504), 'retry'],
    ['the same key still in progress', error(409, 'IDEMPOTENCY.IN_PROGRESS'), 'retry'],
    ['the rate limit', error(429, 'RATE_LIMITED'), 'retry'],
    ['a session that could not be renewed', error(401, 'UNAUTHENTICATED'), 'retry'],
    ['the card closed', error(409, 'CARD.CLOSED'), 'refused'],
    ['a too small amount', error(422, 'CARD.AMOUNT_TOO_SMALL'), 'refused'],
    ['no permission', error(403, 'PERMISSION_DENIED'), 'refused'],
    ['a card not found', error(404, 'CARD.NOT_FOUND'), 'refused'],
    ['the key reused with other data', error(422, 'IDEMPOTENCY.KEY_REUSED'), 'refused'],
    ['the scan cooldown', error(429, 'CARD.SCAN_COOLDOWN'), 'refused'],
  ])('%s → %s', (_, answer, kind) => {
    expect(classifyAnswer(answer).kind).toBe(kind);
  });

  it('only the cooldown refusal may be sent again', () => {
    expect(classifyAnswer(error(429, 'CARD.SCAN_COOLDOWN'))).toEqual({ kind: 'refused', retryable: true });
    expect(classifyAnswer(error(409, 'CARD.CLOSED'))).toEqual({ kind: 'refused', retryable: false });
  });

  describe('given an award tried twice before', () => {
    const entry = anAward({ attempts: 2 });

    it('when there is no connection again, then it stays, retried after a longer pause', () => {
      const outcome = afterAnswer(entry, { kind: 'network' }, NOW);
      expect(outcome).toEqual({ kind: 'retry', entry: { ...entry, attempts: 3, nextAttemptAt: NOW + 8000 } });
    });

    it('when the server refuses it, then it is refused with the Polish reason', () => {
      const outcome = afterAnswer(
        entry,
        { kind: 'error', status: 409, code: 'CARD.CLOSED', message: 'Ta karta jest zamknięta.' },
        NOW,
      );
      expect(outcome).toEqual({
        kind: 'refused',
        entry: {
          ...entry,
          status: 'refused',
          attempts: 3,
          refusal: {
            status: 409,
            code: 'CARD.CLOSED',
            message: 'Ta karta jest zamknięta.',
            at: NOW,
            retryable: false,
          },
        },
      });
    });

    it('when it is booked, then the answer’s card comes with it', () => {
      const card = aCard();
      expect(afterAnswer(entry, { kind: 'ok', card }, NOW)).toEqual({ kind: 'booked', card });
    });
  });

  it('the pause grows 2 s, 4 s, 8 s… up to a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(backoffMs)).toEqual([
      2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000,
    ]);
  });

  it('given a refused award, when sent again, then it goes last with the same key', () => {
    const refused = anAward({
      id: 'r',
      seq: 1,
      status: 'refused',
      attempts: 1,
      refusal: { status: 429, code: 'CARD.SCAN_COOLDOWN', message: 'Odczekaj', at: NOW, retryable: true },
    });
    const again = requeueRefused(refused, [refused, anAward({ id: 'b', seq: 4 })], NOW + 1);
    expect(again).toMatchObject({
      status: 'queued',
      seq: 5,
      attempts: 0,
      refusal: null,
      nextAttemptAt: NOW + 1,
    });
    expect(again.idempotencyKey).toBe(refused.idempotencyKey);
  });
});
