import { CORRECTION_WINDOW_DAYS } from '@punkto/contracts/cards';

/** The awards and redemptions a Card remembers for corrections (ADR 0016), as card.ts's evolve keeps them. Pure. */

/**
 * Awards and redemptions the card remembers for corrections (also bounded by CORRECTION_WINDOW_DAYS). Kept as
 * small as COMMAND_MEMORY: every command folds the card's stream, and the list is copied by each award (500 made
 * a fold of 500 awards four times slower, 2.2 ms against 0.55 ms, and ONE card's award rate under contention
 * 30 % lower); a hundred awards within 30 days is more than any customer's visits.
 */
export const CORRECTABLE_MEMORY = 100;

/** An award or a redemption as a correction needs it: what to take back or give back. */
export interface CorrectableEntry {
  commandId: string;
  kind: 'award' | 'redemption';
  points: number;
  stamps: number;
  rewardId: string | null;
  rewardName: string | null;
  stockPeriod: string | null;
  at: string;
  voided: boolean;
}

const DAY_MS = 86_400_000;
/** keeps the entries a correction may still reach: younger than the window, at most CORRECTABLE_MEMORY */
export function rememberEntry(
  entries: CorrectableEntry[] | undefined,
  entry: CorrectableEntry,
): CorrectableEntry[] {
  const horizon = new Date(Date.parse(entry.at) - CORRECTION_WINDOW_DAYS * DAY_MS).toISOString();
  const kept = entries ?? [];
  // in time order: only the oldest can have left the window
  let first = Math.max(0, kept.length + 1 - CORRECTABLE_MEMORY);
  while (first < kept.length && kept[first]!.at < horizon) first++;
  return [...kept.slice(first), entry];
}
export const markVoided = (entries: CorrectableEntry[] | undefined, commandId: string) =>
  (entries ?? []).map((e) => (e.commandId === commandId ? { ...e, voided: true } : e));

export function award(commandId: string, points: number, stamps: number, at: string): CorrectableEntry {
  return {
    commandId,
    kind: 'award',
    points,
    stamps,
    rewardId: null,
    rewardName: null,
    stockPeriod: null,
    at,
    voided: false,
  };
}
