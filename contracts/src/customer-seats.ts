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

/** The holding gives its seat back (the person keeps one while holding anything else). */
export function releaseSeat(holders: SeatHolders, holding: string): SeatHolders {
  if (!(holding in holders)) return holders;
  const { [holding]: _released, ...rest } = holders;
  return rest;
}
