import { Birthday, MyBirthday } from '../birthdays';
import { MyCard, MyCardsResponse, MyHistoryPage, MyHistoryQuery, MyOverview } from '../customers';
import { defineEndpoint } from '../endpoint';

export const myCards = defineEndpoint({
  method: 'get',
  path: '/api/v1/customers/my-cards',
  owner: 'card-ledger',
  summary: 'Karty zalogowanego klienta z kodem QR, saldem, postępem do nagrody i poziomem',
  tags: ['customers'],
  auth: 'customer',
  response: MyCardsResponse,
});

/**
 * `text/event-stream`, not JSON: `event: cards` (MyCardsResponse) on connect, then `event: card` (the schema
 * below) whenever one of the customer's cards changes, and a `: heartbeat` comment every 15 s.
 */
export const myCardsStream = defineEndpoint({
  method: 'get',
  path: '/api/v1/customers/my-cards/stream',
  owner: 'card-ledger',
  summary:
    'Zmiany kart klienta na żywo (server-sent events, text/event-stream): zdarzenie `cards` na start, potem `card` po każdej zmianie',
  tags: ['customers'],
  auth: 'customer',
  response: MyCard,
});

export const myOverview = defineEndpoint({
  method: 'get',
  path: '/api/v1/customers/my-overview',
  owner: 'card-ledger',
  summary: 'Podsumowanie klienta: aktywne karty, punkty, pieczątki, nagrody do odebrania, ostatnia aktywność',
  tags: ['customers'],
  auth: 'customer',
  response: MyOverview,
});

export const myHistory = defineEndpoint({
  method: 'get',
  path: '/api/v1/customers/my-history',
  owner: 'card-ledger',
  summary: 'Historia kart klienta (stronicowana: pageNumber 1, pageSize 20; filtr activityType)',
  tags: ['customers'],
  auth: 'customer',
  query: MyHistoryQuery,
  response: MyHistoryPage,
});

/** The customer's birthday (ADR 0058): day and month only, optional, for the companies' birthday rewards. */
export const myBirthday = defineEndpoint({
  method: 'get',
  path: '/api/v1/customers/me/birthday',
  owner: 'card-ledger',
  summary: 'Dzień i miesiąc urodzin klienta (bez roku), jeśli je podał',
  tags: ['customers'],
  auth: 'customer',
  response: MyBirthday,
});

export const setMyBirthday = defineEndpoint({
  method: 'put',
  path: '/api/v1/customers/me/birthday',
  owner: 'card-ledger',
  summary:
    'Podanie lub zmiana dnia i miesiąca urodzin; nagroda urodzinowa, której termin trwa, trafia na karty od razu (raz w roku)',
  tags: ['customers'],
  auth: 'customer',
  body: Birthday,
  response: MyBirthday,
});

export const clearMyBirthday = defineEndpoint({
  method: 'delete',
  path: '/api/v1/customers/me/birthday',
  owner: 'card-ledger',
  summary: 'Usunięcie daty urodzin (nagrody już przyznane zostają na kartach)',
  tags: ['customers'],
  auth: 'customer',
});
