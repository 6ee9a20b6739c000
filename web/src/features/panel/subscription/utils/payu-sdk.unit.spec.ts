import { describe, expect, it } from 'vitest';
import { tokenizeErrorMessage } from './payu-sdk';

describe('PayU card form refusals in Polish', () => {
  it.each([
    [{ type: 'validation', code: 'error.validation.card.number' }, 'Nieprawidłowy numer karty'],
    [{ type: 'validation', code: 'error.validation.card.date' }, 'data ważności'],
    [{ type: 'validation', code: 'error.validation.card.cvv' }, 'kod CVV'],
    [{ type: 'validation', code: 'error.validation.card.number.empty' }, 'Uzupełnij numer karty'],
    [{ type: 'technical', code: 'error.network' }, 'Nie udało się połączyć z PayU'],
    [{ type: 'validation', code: 'something.else' }, 'PayU nie przyjął danych karty'],
  ])('%o → "%s…"', (message, expected) => {
    expect(tokenizeErrorMessage([message])).toContain(expected);
  });

  it('says something even when PayU gives no message', () => {
    expect(tokenizeErrorMessage([])).toContain('PayU nie przyjął danych karty');
  });
});
