/**
 * The plan's limit on active customers counts PEOPLE, not cards (ADR 0051): a person with a points card and a
 * stamp card of the same company holds one seat. Pure, shared by the tenant service (which tells the customer at
 * enrolment) and the card ledger (which issues the card), so both count alike.
 *
 * `holders` maps each holding (a client record, or a card) to the person holding it (an e-mail key, or a user id);
 * the people are its distinct values.
 */
export type SeatHolders = Readonly<Record<string, string>>;

export interface SeatDecision {
  granted: boolean;
  /** the holders after the decision (the same object when nothing changed) */
  holders: SeatHolders;
  /** people holding a seat after the decision */
  people: number;
}

export const peopleOf = (holders: SeatHolders): number => new Set(Object.values(holders)).size;

/**
 * A seat for `holding` of `person`: granted when the holding has one already, when the person holds another
 * (one seat per person), or when fewer than `limit` people hold seats.
 */
export function takeSeat(holders: SeatHolders, holding: string, person: string, limit: number): SeatDecision {
  const people = peopleOf(holders);
  if (holders[holding] === person) return { granted: true, holders, people };
  const known = Object.values(holders).includes(person);
  if (!known && people >= limit) return { granted: false, holders, people };
  return { granted: true, holders: { ...holders, [holding]: person }, people: known ? people : people + 1 };
}

/**
 * `takeSeat` for many holdings at once, in order (an import's batch, ADR 0059): the same decisions, counted once
 * for the batch rather than once per holding. Returns the holdings granted and the holders after (the same object
 * when nothing changed).
 */
export function takeSeats(
  holders: SeatHolders,
  requests: ReadonlyArray<{ holding: string; person: string }>,
  limit: number,
): { granted: Set<string>; holders: SeatHolders } {
  const people = new Set(Object.values(holders));
  const next: Record<string, string> = { ...holders };
  const granted = new Set<string>();
  let changed = false;
  for (const { holding, person } of requests) {
    if (next[holding] !== person) {
      if (!people.has(person) && people.size >= limit) continue;
      next[holding] = person;
      people.add(person);
      changed = true;
    }
    granted.add(holding);
  }
  return { granted, holders: changed ? next : holders };
}

/** The holding gives its seat back (the person keeps one while holding anything else). */
export function releaseSeat(holders: SeatHolders, holding: string): SeatHolders {
  if (!(holding in holders)) return holders;
  const { [holding]: _released, ...rest } = holders;
  return rest;
}
