/**
 * Benchmark: the Card aggregate's fold with the balance's expiry lots (ADR 0062) beside the same fold without them
 * (`evolveCard`, what evolve did before lots), in the same run on the same streams: one card's awards, one a day,
 * with a redemption after every tenth (the lots shrink from the oldest), and a card never redeemed (one lot per
 * visit day, the longest list). A whole fold is what a command pays when its card is not in the command handler's
 * cache of folded states; "one award" is what it pays when it is (one event folded onto the kept state).
 * Returns the Markdown section.
 */
import { cardIssued } from '../../services/card-ledger/src/testing/mothers';
import {
  evolve,
  evolveCard,
  initialState,
  type Card,
  type CardEvent,
} from '../../services/card-ledger/src/cards/card';
import { fmt } from './stats';

type Active = Extract<Card, { status: 'active' }>;
const DAY_MS = 86_400_000;
const START = Date.parse('2025-01-02T11:00:00.000Z');

/** the i-th day's award of 25 points on the card as it is */
function awardOn(card: Active, i: number): CardEvent {
  const balance = { points: card.points + 25, stamps: 0, lifetimePoints: card.lifetimePoints + 25 };
  const earnedAt = new Date(START + i * DAY_MS).toISOString();
  return {
    type: 'PointsEarned',
    data: {
      ...{ cardId: card.cardId, commandId: `award-${i}`, amountGrosze: 2500, pointsPerPln: 1, multiplier: 1 },
      ...{ fixedPoints: null, points: 25, serviceId: null, employeeId: 'emp1', balance, earnedAt },
    },
  } as CardEvent;
}

/** `awards` awards of 25 points one day apart; with `redeemEvery`, a redemption of 100 points after each such award */
function stream(awards: number, redeemEvery: number | null): CardEvent[] {
  const events: CardEvent[] = [cardIssued()];
  let card = evolve(initialState(), events[0]!) as Active;
  const push = (event: CardEvent) => {
    events.push(event);
    card = evolve(card, event) as Active;
  };
  for (let i = 0; i < awards; i++) {
    const at = new Date(START + i * DAY_MS).toISOString();
    push(awardOn(card, i));
    if (redeemEvery && (i + 1) % redeemEvery === 0 && card.points >= 100)
      push({
        type: 'RewardRedeemed',
        data: {
          ...{ cardId: card.cardId, commandId: `redeem-${i}`, rewardId: 'r1', rewardName: 'Kawa', cost: 100 },
          ...{ unit: 'points', employeeId: 'emp1', stockPeriod: null, redeemedAt: at },
          balance: { points: card.points - 100, stamps: 0, lifetimePoints: card.lifetimePoints },
        },
      } as CardEvent);
  }
  return events;
}

/** median ms of `rounds` runs of `run`, after a warm-up */
function median(run: () => void, rounds: number): number {
  for (let i = 0; i < 5; i++) run();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(rounds / 2)]!;
}

export async function cardFoldBench(): Promise<string[]> {
  const rows: string[] = [];
  for (const [label, events] of [
    ['50 awards, a redemption after every 10th', stream(50, 10)],
    ['500 awards, a redemption after every 10th', stream(500, 10)],
    ['500 awards, never redeemed (500 lots)', stream(500, null)],
  ] as const) {
    const rounds = events.length > 100 ? 41 : 201;
    const fold = (step: typeof evolve) => () => void events.reduce(step, initialState());
    const whole = [median(fold(evolveCard), rounds), median(fold(evolve), rounds)];
    // the next day's award folded onto the kept state, as the command handler does for a cached card
    const kept = events.reduce(evolve, initialState()) as Active;
    const keptBefore = events.reduce(evolveCard, initialState());
    const next = awardOn(kept, events.length);
    const one = (step: typeof evolve, state: Card) => () => {
      for (let i = 0; i < 1000; i++) step(state, next);
    };
    const award = [median(one(evolveCard, keptBefore), 41), median(one(evolve, kept), 41)];
    rows.push(
      `| ${label} (${events.length} events) | ${fmt(whole[0]!, 3)} | ${fmt(whole[1]!, 3)} | ${fmt(award[0]!, 2)} | ${fmt(award[1]!, 2)} |`,
    );
  }
  return [
    '## Card fold with the expiry lots (ADR 0062): the same streams with and without them',
    '',
    "The Card aggregate keeps its balance as lots by Warsaw earning day for every card, so an award and the nightly expiry sweep read nothing more. What that costs in CPU, in the same run on the same streams: `evolve` (with the lots) beside `evolveCard` (the same evolve without them, what it was before). A whole fold is paid by a command whose card is not in the command handler's cache of folded states; one award on a kept state is what nearly every award pays (µs per event, 1,000 events per round). Median of 41–201 rounds.",
    '',
    '| stream | whole fold, without lots (ms) | whole fold, with lots (ms) | one award on a kept state, without (µs) | with lots (µs) |',
    '|---|---:|---:|---:|---:|',
    ...rows,
    '',
  ];
}
