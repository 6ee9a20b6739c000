import * as api from '@punkto/contracts/endpoints/customers';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import type { FastifyInstance } from 'fastify';
import type { CardLedger } from '../cards/card-ledger';
import { setMyBirthday } from './birthdays';

/** The customer's own birthday (role customer): GET / PUT / DELETE /customers/me/birthday (ADR 0058). */
export function birthdayRoutes(app: FastifyInstance, ledger: CardLedger) {
  registerEndpoint(app, api.myBirthday, async ({ request }) => ({
    birthday: await ledger.birthdays.get(request.user!.id),
  }));

  registerEndpoint(app, api.setMyBirthday, async ({ body, request }) => {
    await setMyBirthday(ledger, request.user!.id, body, request.id);
    return { birthday: { day: body.day, month: body.month } };
  });

  registerEndpoint(app, api.clearMyBirthday, async ({ request }) => {
    await ledger.birthdays.forget(request.user!.id);
  });
}
