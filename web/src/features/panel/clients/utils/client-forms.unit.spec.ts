import { describe, expect, it } from 'vitest';
import { NewClientForm, PhoneOnlyClientForm } from './client-forms';

const base = {
  name: 'Jan Kowalski',
  email: 'jan@example.pl',
  phone: '',
  programId: 'p1',
  marketingConsent: false,
};

describe('the new client form', () => {
  it('sends no phone when the box is empty', () => {
    expect(NewClientForm.parse(base)).toEqual({
      name: 'Jan Kowalski',
      email: 'jan@example.pl',
      programId: 'p1',
      marketingConsent: false,
    });
    expect(NewClientForm.parse({ ...base, phone: '   ' }).phone).toBeUndefined();
  });

  it('normalises a Polish phone number', () => {
    expect(NewClientForm.parse({ ...base, phone: '600 100 200' }).phone).toBe('+48600100200');
  });

  it('explains mistakes in Polish', () => {
    const result = NewClientForm.safeParse({ ...base, phone: '123', programId: '' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(messages.phone).toBe(
      'Nieprawidłowy numer telefonu — podaj polski numer (9 cyfr) albo numer z kierunkowym kraju, np. +49 151 23456789.',
    );
    expect(messages.programId).toBe('Wybierz program.');
  });
});

describe('the phone-only client form (ADR 0056)', () => {
  it('sends the name, the phone in E.164 and the programme, never an e-mail', () => {
    expect(
      PhoneOnlyClientForm.parse({ name: 'Olena Kowal', phone: '+380 50 123 4567', programId: 'p1' }),
    ).toEqual({ name: 'Olena Kowal', phone: '+380501234567', programId: 'p1' });
  });

  it('needs the phone: staff find the card by it', () => {
    const result = PhoneOnlyClientForm.safeParse({ name: 'Olena Kowal', phone: '  ', programId: 'p1' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [String(i.path[0]), i.message])).toEqual([
      ['phone', 'Podaj numer telefonu klienta — po nim znajdziesz jego kartę.'],
    ]);
  });
});
