import { dammCheckDigit } from '@punkto/contracts/cards';
import { describe, expect, it } from 'vitest';
import {
  CARD_NUMBER_INVALID_MESSAGE,
  classifyLookup,
  keyForAction,
  parseAmountToGrosze,
} from './scanner-input';

const validNumber = (() => {
  const body = '123456789';
  return `${body}${dammCheckDigit(body)}`;
})();

describe('parseAmountToGrosze', () => {
  it.each([
    ['42,50', 4250],
    ['42.5', 4250],
    ['7', 700],
    ['0,29', 29],
    ['1 234,99', 123499],
    ['12,99 zł', 1299],
  ])('%s → %i gr', (input, grosze) => {
    expect(parseAmountToGrosze(input)).toBe(grosze);
  });

  it.each(['', '0', '0,00', '-5', '12,345', 'abc', '1,2,3'])('refuses %j', (input) => {
    expect(parseAmountToGrosze(input)).toBeNull();
  });
});

describe('classifyLookup', () => {
  it('a valid card number with spaces or dashes', () => {
    const spaced = `${validNumber.slice(0, 4)} ${validNumber.slice(4, 8)} ${validNumber.slice(8)}`;
    expect(classifyLookup(spaced)).toEqual({ kind: 'number', humanReadableId: validNumber });
    expect(classifyLookup(` ${validNumber.slice(0, 5)}-${validNumber.slice(5)} `)).toEqual({
      kind: 'number',
      humanReadableId: validNumber,
    });
  });

  it('a mistyped card number is refused before any request', () => {
    const typo = `${validNumber.slice(0, 9)}${(Number(validNumber[9]) + 1) % 10}`;
    expect(classifyLookup(typo)).toEqual({ kind: 'invalid', message: CARD_NUMBER_INVALID_MESSAGE });
  });

  it('e-mail, phone and QR payload', () => {
    expect(classifyLookup('jan@example.pl')).toEqual({ kind: 'email', email: 'jan@example.pl' });
    expect(classifyLookup('+48 600 100 200')).toEqual({ kind: 'phone', phone: '+48600100200' });
    expect(classifyLookup('600-100-200')).toEqual({ kind: 'phone', phone: '600100200' });
    expect(classifyLookup('P1.abc.1.sig')).toEqual({ kind: 'qr', qr: 'P1.abc.1.sig' });
  });

  it('letters without digits are a part of a name', () => {
    expect(classifyLookup(' Łucja Żak ')).toEqual({ kind: 'name', name: 'Łucja Żak' });
    expect(classifyLookup('żak')).toEqual({ kind: 'name', name: 'żak' });
  });

  it('empty or junk input asks for a number, phone, e-mail or name', () => {
    expect(classifyLookup('  ').kind).toBe('invalid');
    expect(classifyLookup('z').kind).toBe('invalid');
    expect(classifyLookup('kawa 12').kind).toBe('invalid');
  });
});

describe('keyForAction', () => {
  it('keeps the key for the same action and makes a new one when the action changes', () => {
    let n = 0;
    const gen = () => `k${++n}`;
    const first = keyForAction(null, 'card1|amount|4250', gen);
    expect(first.key).toBe('k1');
    expect(keyForAction(first, 'card1|amount|4250', gen)).toBe(first);
    expect(keyForAction(first, 'card1|amount|4300', gen).key).toBe('k2');
  });
});
