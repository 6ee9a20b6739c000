import { describe, expect, it } from 'vitest';
import { ImportMessages, importKeyOf, readImportRow } from './client-import';
import { PHONE_OR_EMAIL_MESSAGE } from './clients';
import { PhoneMessages } from './phone';

const withBirthday = (birthday: string) =>
  readImportRow({ row: 2, name: 'Anna Kowalska', email: 'anna@example.com', birthday });

describe('the birthday cell of an import row (the year is dropped, ADR 0058)', () => {
  it.each([
    ['14.03', { day: 14, month: 3 }],
    ['4.3', { day: 4, month: 3 }],
    ['14-03', { day: 14, month: 3 }],
    ['14/03', { day: 14, month: 3 }],
    ['14.03.', { day: 14, month: 3 }],
    [' 14. 03 ', { day: 14, month: 3 }],
    ['14.03.1985', { day: 14, month: 3 }],
    ['1985-03-14', { day: 14, month: 3 }],
    ['29.02', { day: 29, month: 2 }],
    ['2000-02-29', { day: 29, month: 2 }],
    ['31.12', { day: 31, month: 12 }],
  ])('reads %j as the day and month', (cell, birthday) => {
    expect(withBirthday(cell)).toMatchObject({ ok: true, value: { birthday } });
  });

  it('a blank cell is no birthday (the column is optional)', () => {
    expect(withBirthday('  ')).toMatchObject({ ok: true, value: { birthday: null } });
    expect(readImportRow({ row: 2, name: 'Jan Nowak', phone: '600100200' })).toMatchObject({
      ok: true,
      value: { birthday: null },
    });
  });

  it.each(['14 marca', '14.13', '0.5', '32.01', '14', '1985', '14.03.85', '03/14/1985', 'jutro'])(
    'refuses %j naming the field, in Polish',
    (cell) => {
      expect(withBirthday(cell)).toEqual({
        ok: false,
        errors: [{ field: 'birthday', message: ImportMessages.birthday }],
      });
    },
  );

  it('says how many days the month has', () => {
    expect(withBirthday('30.02')).toEqual({
      ok: false,
      errors: [{ field: 'birthday', message: 'Urodziny: ten miesiąc ma najwyżej 29 dni.' }],
    });
    expect(withBirthday('31.04.1990')).toEqual({
      ok: false,
      errors: [{ field: 'birthday', message: 'Urodziny: ten miesiąc ma najwyżej 30 dni.' }],
    });
  });
});

describe('readImportRow (the panel’s preview and the server alike)', () => {
  it('reads a full row: e-mail lower-cased, phone in E.164, counts, consent', () => {
    const read = readImportRow({
      row: 2,
      name: ' Anna Kowalska ',
      email: 'Anna.Kowalska@Example.com',
      phone: '600 100 200',
      points: '1 200',
      stamps: '',
      consent: 'Tak',
    });
    expect(read).toEqual({
      ok: true,
      value: {
        row: 2,
        name: 'Anna Kowalska',
        email: 'anna.kowalska@example.com',
        phone: '+48600100200',
        points: 1200,
        stamps: 0,
        consent: true,
        birthday: null,
      },
    });
  });

  it('a phone-only row is fine; blank consent is „nie”', () => {
    const read = readImportRow({ row: 3, name: 'Jan Nowak', phone: '+49 151 23456789', stamps: '7' });
    expect(read).toMatchObject({
      ok: true,
      value: { email: null, phone: '+4915123456789', stamps: 7, consent: false },
    });
  });

  it('lists every bad field in Polish, once each', () => {
    const read = readImportRow({
      row: 4,
      name: 'A',
      email: 'nie-mail',
      phone: '123',
      points: '-5',
      stamps: '2,5',
      consent: 'może',
    });
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors).toEqual([
      { field: 'name', message: 'Imię i nazwisko musi mieć co najmniej 2 znaki.' },
      { field: 'email', message: 'Podaj poprawny adres e-mail.' },
      { field: 'phone', message: PhoneMessages.format },
      { field: 'points', message: ImportMessages.count('Punkty') },
      { field: 'stamps', message: ImportMessages.count('Pieczątki') },
      { field: 'consent', message: 'Zgoda na wiadomości: wpisz „tak” albo „nie” (puste = nie).' },
    ]);
  });

  it('a row without an e-mail and a phone says to give one', () => {
    expect(readImportRow({ row: 5, name: 'Ewa Zielińska' })).toEqual({
      ok: false,
      errors: [{ field: 'phone', message: PHONE_OR_EMAIL_MESSAGE }],
    });
  });

  it('the duplicate key is the e-mail, else the phone', () => {
    expect(importKeyOf({ email: 'a@b.pl', phone: '+48600100200' })).toBe('e:a@b.pl');
    expect(importKeyOf({ email: null, phone: '+48600100200' })).toBe('p:+48600100200');
  });
});
