import { describe, expect, it } from 'vitest';
import { ServiceForm, emptyServiceForm, toServiceFormValues } from './service-form';

const messagesOf = (values: Partial<typeof emptyServiceForm>) => {
  const result = ServiceForm.safeParse({ ...emptyServiceForm, ...values });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('the service form', () => {
  it('sends the price in grosze and "by price" points as null', () => {
    expect(ServiceForm.parse({ name: 'Strzyżenie', price: '49,90', fixedPoints: '', active: true })).toEqual({
      name: 'Strzyżenie',
      priceGrosze: 4990,
      fixedPoints: null,
      active: true,
    });
  });

  it('keeps fixed points as a number', () => {
    expect(
      ServiceForm.parse({ name: 'Kawa', price: '12.5', fixedPoints: '15', active: false }),
    ).toMatchObject({
      priceGrosze: 1250,
      fixedPoints: 15,
      active: false,
    });
  });

  it('explains every mistake in Polish', () => {
    expect(messagesOf({ name: 'K', price: '', fixedPoints: '0' })).toEqual({
      name: 'Nazwa usługi musi mieć co najmniej 2 znaki.',
      price: 'Podaj cenę.',
      fixedPoints: 'Stała liczba punktów musi wynosić co najmniej 1.',
    });
    expect(messagesOf({ name: 'Kawa', price: '12,345' })).toEqual({
      price: 'Cenę podaj w złotych, np. 12,50.',
    });
    expect(messagesOf({ name: 'Kawa', price: '200000' })).toEqual({ price: 'Cena jest za wysoka.' });
    expect(messagesOf({ name: 'Kawa', price: '5', fixedPoints: '1,5' })).toEqual({
      fixedPoints: 'Podaj liczbę całkowitą punktów.',
    });
  });

  it('round-trips a stored service', () => {
    const stored = { name: 'Manicure', priceGrosze: 8000, fixedPoints: 20, active: true };
    expect(ServiceForm.parse(toServiceFormValues(stored))).toEqual(stored);
  });
});
