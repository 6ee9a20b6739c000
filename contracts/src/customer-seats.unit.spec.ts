import { describe, expect, it } from 'vitest';
import { peopleOf, releaseSeat, takeSeat, takeSeats, type SeatHolders } from './customer-seats';

describe('the plan’s seats count people, not cards (ADR 0051)', () => {
  it('grants a seat while fewer people than the limit hold one, then refuses a new person', () => {
    const first = takeSeat({}, 'card-1', 'anna', 2);
    expect(first).toEqual({ granted: true, holders: { 'card-1': 'anna' }, people: 1 });
    const second = takeSeat(first.holders, 'card-2', 'jan', 2);
    expect(second).toMatchObject({ granted: true, people: 2 });
    const third = takeSeat(second.holders, 'card-3', 'ola', 2);
    expect(third).toEqual({ granted: false, holders: second.holders, people: 2 });
  });

  it('a person with a seat gets another programme’s card without a second seat, even at the limit', () => {
    const full = { 'card-1': 'anna', 'card-2': 'jan' };
    const stamps = takeSeat(full, 'card-3', 'anna', 2);
    expect(stamps).toEqual({ granted: true, holders: { ...full, 'card-3': 'anna' }, people: 2 });
    expect(peopleOf(stamps.holders)).toBe(2);
  });

  it('taking the same holding again changes nothing (a redelivery)', () => {
    const holders = { 'card-1': 'anna' };
    const again = takeSeat(holders, 'card-1', 'anna', 1);
    expect(again.granted).toBe(true);
    expect(again.holders).toBe(holders);
  });

  it('a released holding frees the person’s seat only when it was their last', () => {
    const holders = { 'card-1': 'anna', 'card-2': 'anna', 'card-3': 'jan' };
    const one = releaseSeat(holders, 'card-1');
    expect(peopleOf(one)).toBe(2);
    const both = releaseSeat(one, 'card-2');
    expect(peopleOf(both)).toBe(1);
    expect(takeSeat(both, 'card-4', 'ola', 2).granted).toBe(true);
    expect(releaseSeat(both, 'unknown')).toBe(both);
  });

  it('a limit lowered below the people holding seats keeps them, and lets nobody new in', () => {
    const holders = { a: 'p1', b: 'p2', c: 'p3' };
    expect(takeSeat(holders, 'd', 'p4', 2).granted).toBe(false);
    expect(takeSeat(holders, 'd', 'p1', 2).granted).toBe(true);
  });

  it('an import’s batch takes its seats in order, as one take after another would (ADR 0059)', () => {
    const holders = { a: 'p1' };
    const requests = [
      { holding: 'b', person: 'p2' },
      { holding: 'c', person: 'p1' }, // a person holding a seat already
      { holding: 'd', person: 'p3' }, // beyond the limit of 2 people
      { holding: 'a', person: 'p1' }, // held already
    ];
    const batch = takeSeats(holders, requests, 2);
    expect([...batch.granted]).toEqual(['b', 'c', 'a']);
    expect(batch.holders).toEqual({ a: 'p1', b: 'p2', c: 'p1' });
    let one: SeatHolders = holders;
    for (const r of requests) one = takeSeat(one, r.holding, r.person, 2).holders;
    expect(batch.holders).toEqual(one);
    expect(takeSeats(holders, [{ holding: 'a', person: 'p1' }], 2).holders).toBe(holders);
  });
});
