import { describe, expect, it } from 'vitest';
import { NewClientForm } from './client-forms';

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
