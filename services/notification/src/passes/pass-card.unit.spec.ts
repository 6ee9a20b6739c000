import { describe, expect, it } from 'vitest';
import { applyPassCardEvent, birthdayRewardRedeemed, type PassCard, type PassCardEvent } from './pass-card';

const issued: PassCardEvent = {
  type: 'CardIssued',
  data: {
    cardId: 'c1',
    tenantId: 't1',
    programId: 'p1',
    clientId: 'cl1',
    userId: 'u1',
    humanReadableId: '1234567897',
    secretVersion: 1,
    qrPayload: 'P1.c1.1.sig',
    tier: null,
    issuedAt: '2026-11-20T10:00:00.000Z',
  },
};
const earned = (points: number, at: string): PassCardEvent => ({
  type: 'PointsEarned',
  data: {
    cardId: 'c1',
    commandId: `cmd-${at}`,
    amountGrosze: points * 100,
    pointsPerPln: 1,
    multiplier: 1,
    fixedPoints: null,
    points,
    serviceId: null,
    employeeId: 'e1',
    balance: { points, stamps: 0, lifetimePoints: points },
    earnedAt: at,
  },
});
const fold = (events: PassCardEvent[]) =>
  events.reduce<PassCard | null>((card, event) => applyPassCardEvent(card, event) ?? card, null);

describe("a pass's copy of its card", () => {
  describe('when the card is issued', () => {
    it('starts at version 1 with the number and the QR the card shows', () => {
      expect(fold([issued])).toMatchObject({
        number: '1234567897',
        qrPayload: 'P1.c1.1.sig',
        points: 0,
        status: 'active',
        version: 1,
        changedAt: '2026-11-20T10:00:00.000Z',
      });
    });

    it('an issue delivered again changes nothing', () => {
      expect(applyPassCardEvent(fold([issued]), issued)).toBeNull();
    });
  });

  describe("when a phone-only client's card moves to the account (ADR 0056)", () => {
    const linked: PassCardEvent = {
      type: 'CardHolderLinked',
      data: {
        cardId: 'c1',
        tenantId: 't1',
        programId: 'p1',
        clientId: 'cl1',
        userId: 'u-anna',
        previousHolder: 'client:cl1',
        linkedAt: '2026-11-21T10:00:00.000Z',
      },
    };
    const walkIn = { ...issued, data: { ...issued.data, userId: 'client:cl1' } } as PassCardEvent;

    it('the account holds it: its version and time stay, as no pass shows the holder', () => {
      const before = fold([walkIn, earned(10, '2026-11-20T11:00:00.000Z')])!;
      expect(applyPassCardEvent(before, linked)).toEqual({ ...before, userId: 'u-anna' });
    });

    it('a link delivered again changes nothing', () => {
      expect(applyPassCardEvent(fold([walkIn, linked]), linked)).toBeNull();
    });
  });

  describe('when the card has points', () => {
    it('takes the balance from each award and bumps the version once per change', () => {
      const card = fold([
        issued,
        earned(10, '2026-11-20T11:00:00.000Z'),
        earned(25, '2026-11-20T12:00:00.000Z'),
      ]);
      expect(card).toMatchObject({
        points: 25,
        lifetimePoints: 25,
        version: 3,
        changedAt: '2026-11-20T12:00:00.000Z',
      });
    });

    it('a redemption, a new level, a new number and QR, and closing are each a change', () => {
      const card = fold([
        issued,
        earned(120, '2026-11-20T11:00:00.000Z'),
        {
          type: 'RewardRedeemed',
          data: {
            cardId: 'c1',
            commandId: 'r',
            rewardId: 'r1',
            rewardName: 'Kawa',
            cost: 100,
            unit: 'points',
            employeeId: 'e1',
            stockPeriod: null,
            balance: { points: 20, stamps: 0, lifetimePoints: 120 },
            redeemedAt: '2026-11-20T11:05:00.000Z',
          },
        },
        {
          type: 'TierChanged',
          data: {
            cardId: 'c1',
            from: null,
            to: 'Srebro',
            lifetimePoints: 120,
            changedAt: '2026-11-20T11:05:00.000Z',
          },
        },
        {
          type: 'CardRegenerated',
          data: {
            cardId: 'c1',
            commandId: 'g',
            humanReadableId: '5555555553',
            secretVersion: 2,
            qrPayload: 'P1.c1.2.sig',
            actorId: 'u1',
            actorRole: 'customer',
            regeneratedAt: '2026-11-21T09:00:00.000Z',
          },
        },
        {
          type: 'CardClosed',
          data: { cardId: 'c1', reason: 'client_removed', closedAt: '2026-11-22T09:00:00.000Z' },
        },
      ]);
      expect(card).toMatchObject({
        points: 20,
        tier: 'Srebro',
        number: '5555555553',
        qrPayload: 'P1.c1.2.sig',
        secretVersion: 2,
        status: 'closed',
        version: 6,
        changedAt: '2026-11-22T09:00:00.000Z',
      });
    });
  });

  it('a correction (a voided award or redemption) shows its balance and bumps the version', () => {
    const correction = {
      cardId: 'c1',
      reason: 'Pomyłka w kwocie',
      employeeId: 'e1',
      voidedAt: '2026-11-20T13:00:00.000Z',
    };
    const card = fold([
      issued,
      earned(4250, '2026-11-20T11:00:00.000Z'),
      {
        type: 'AwardVoided',
        data: {
          ...correction,
          commandId: 'v1',
          voidedCommandId: 'cmd-2026-11-20T11:00:00.000Z',
          points: 4250,
          stamps: 0,
          balance: { points: 0, stamps: 0, lifetimePoints: 0 },
        },
      },
    ]);
    expect(card).toMatchObject({ points: 0, lifetimePoints: 0, version: 3, changedAt: correction.voidedAt });
    const given = applyPassCardEvent(card, {
      type: 'RedemptionVoided',
      data: {
        ...correction,
        commandId: 'v2',
        voidedCommandId: 'r',
        rewardId: 'r1',
        rewardName: 'Kawa',
        cost: 100,
        unit: 'points',
        stockPeriod: null,
        redeemedAt: '2026-11-20T11:05:00.000Z',
        balance: { points: 100, stamps: 0, lifetimePoints: 0 },
        voidedAt: '2026-11-20T14:00:00.000Z',
      },
    });
    expect(given).toMatchObject({ points: 100, version: 4, changedAt: '2026-11-20T14:00:00.000Z' });
  });

  it('a manual adjustment (ADR 0050) shows its balance and bumps the version', () => {
    const card = fold([issued, earned(30, '2026-11-20T11:00:00.000Z')]);
    const adjusted = applyPassCardEvent(card, {
      type: 'BalanceAdjusted',
      data: {
        cardId: 'c1',
        commandId: 'a1',
        unit: 'points',
        delta: 120,
        reason: 'Punkty z papierowej karty',
        employeeId: 'e1',
        correctionOf: null,
        balance: { points: 150, stamps: 0, lifetimePoints: 150 },
        adjustedAt: '2026-11-21T08:00:00.000Z',
      },
    });
    expect(adjusted).toMatchObject({
      points: 150,
      lifetimePoints: 150,
      version: card!.version + 1,
      changedAt: '2026-11-21T08:00:00.000Z',
    });
  });

  it('an event of a card whose issue was never seen is ignored; an older regeneration again too', () => {
    expect(applyPassCardEvent(null, earned(5, '2026-11-20T11:00:00.000Z'))).toBeNull();
    const card = fold([issued]);
    const stale: PassCardEvent = {
      type: 'CardRegenerated',
      data: {
        cardId: 'c1',
        commandId: 'g',
        humanReadableId: '1',
        secretVersion: 1,
        actorId: 'u1',
        actorRole: 'staff',
        regeneratedAt: '2026-11-21T09:00:00.000Z',
      },
    };
    expect(applyPassCardEvent(card, stale)).toBeNull();
  });
});

describe('the birthday reward on the pass (ADR 0058)', () => {
  const granted: PassCardEvent = {
    type: 'BirthdayRewardGranted',
    data: {
      cardId: 'c1',
      tenantId: 't1',
      programId: 'p1',
      year: 2027,
      name: 'Darmowa kawa na urodziny',
      validFrom: '2027-06-08',
      validUntil: '2027-06-22',
      grantedAt: '2027-06-08T08:00:00.000Z',
    },
  };

  it('given an issued card, when the reward is granted, then the pass carries its notice as the newest change', () => {
    const card = fold([issued, granted]);
    expect(card).toMatchObject({
      version: 2,
      companyMessage: {
        messageId: 'birthday-2027',
        title: 'Nagroda urodzinowa',
        body: 'Darmowa kawa na urodziny — do odebrania do 22 czerwca 2027. Pokaż kartę przy kasie.',
        cardVersion: 2,
      },
    });
  });

  it('a redelivered grant changes nothing', () => {
    const card = fold([issued, granted]);
    expect(applyPassCardEvent(card, granted)).toBeNull();
  });

  describe('when staff gives the reward out', () => {
    const redeemed = (year: number): PassCardEvent => ({
      type: 'BirthdayRewardRedeemed',
      data: {
        cardId: 'c1',
        commandId: `cmd-birthday-${year}`,
        year,
        name: 'Darmowa kawa na urodziny',
        employeeId: 'e1',
        redeemedAt: '2027-06-08T09:00:00.000Z',
      },
    });

    it('the copy keeps the year, for a notice still waiting; no pass shows it, so the version stays', () => {
      const card = fold([issued, granted]);
      const after = applyPassCardEvent(card, redeemed(2027));
      expect(after).toEqual({ ...card, birthdayRedeemedYear: 2027 });
      expect(birthdayRewardRedeemed(after!, 2027)).toBe(true);
      expect(birthdayRewardRedeemed(after!, 2028)).toBe(false);
      expect(birthdayRewardRedeemed(card!, 2027)).toBe(false);
    });

    it('a redelivered or an older redemption changes nothing', () => {
      const card = fold([issued, granted, redeemed(2027)]);
      expect(applyPassCardEvent(card, redeemed(2027))).toBeNull();
      expect(applyPassCardEvent(card, redeemed(2026))).toBeNull();
    });
  });
});

describe('expiry on the pass (ADR 0062)', () => {
  const expired: PassCardEvent = {
    type: 'BalanceExpired',
    data: {
      cardId: 'c1',
      tenantId: 't1',
      programId: 'p1',
      unit: 'points',
      amount: 40,
      mode: 'after_earning',
      months: 12,
      lots: [{ earnedOn: '2026-02-28', amount: 40 }],
      lastVisitOn: null,
      expiredOn: '2027-02-28',
      balance: { points: 0, stamps: 0, lifetimePoints: 40 },
      expiredAt: '2027-02-27T23:10:00.000Z',
    },
  };

  it('the expiry lowers the balance on the pass', () => {
    const card = fold([issued, earned(40, '2026-02-28T10:00:00.000Z'), expired]);
    expect(card).toMatchObject({ points: 0, lifetimePoints: 40, version: 3 });
  });
});
