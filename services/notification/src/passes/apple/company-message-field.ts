import type { PassField, StoreCardFields } from '@punkto/contracts/pass-fields';
import { closedCardNotice } from '../closed-card-notice';
import type { PassCompanyMessage } from '../pass-card';

/**
 * A company's message on the Apple pass (issue 21). Apple has no way to send a pass holder a text: the only
 * lock-screen notice a pass can cause is a changed field's `changeMessage`. So the message is the value of a
 * back field whose `changeMessage` is `%@` (the phone shows the new value itself), and the text stays on the
 * back of the pass until the next message replaces it.
 *
 * - The field is on every pass, with a placeholder until the first message: Wallet notices a field whose
 *   value changed, and a field that appears for the first time is not reliably announced.
 * - Several changed fields with a `changeMessage` give one generic notice instead of either text (WALLET.md).
 *   While the message is the card's newest change (no award since), the other fields carry no
 *   `changeMessage`: a balance change the phone has not fetched yet then arrives silently with the message,
 *   and the phone shows the message's text. After the next award the balance notices are back (the message
 *   field no longer changes, so it gives no notice again).
 *
 * Pure: the fields of storeCardFields and the card's latest message in, the fields of the pass out.
 */
export const COMPANY_MESSAGE_KEY = 'company-message';

/** the text on the lock screen and the back: the title first, since ~110 characters show on the lock screen */
export const companyMessageText = (message: Pick<PassCompanyMessage, 'title' | 'body'>) =>
  `${message.title.trim()}: ${message.body.trim()}`;

export function companyMessageField(companyName: string, message: PassCompanyMessage | null): PassField {
  return {
    key: COMPANY_MESSAGE_KEY,
    label: `Wiadomość od ${companyName}`,
    value: message ? companyMessageText(message) : `Tu pojawią się wiadomości od ${companyName}.`,
    changeMessage: '%@',
  };
}

const quiet = (fields: PassField[]) => fields.map(({ changeMessage: _, ...field }) => field);

export function withCompanyMessage(
  fields: StoreCardFields,
  card: { companyMessage?: PassCompanyMessage | null; version: number },
  companyName: string,
): StoreCardFields {
  const message = card.companyMessage ?? null;
  const field = companyMessageField(companyName, message);
  // the message is the newest change of the card: nothing else may announce itself in the same update
  if (message && message.cardVersion === card.version)
    return {
      headerFields: quiet(fields.headerFields),
      primaryFields: quiet(fields.primaryFields),
      secondaryFields: quiet(fields.secondaryFields),
      auxiliaryFields: quiet(fields.auxiliaryFields),
      backFields: [field, ...quiet(fields.backFields)],
    };
  return { ...fields, backFields: [field, ...fields.backFields] };
}

/**
 * A closed card's pass (ADR 0047: the company closed, the programme ended, the client was removed): the message
 * field — on every pass, so its change is announced — says why, as the only notice of the update; the pass is
 * void besides. Pure.
 */
export function withClosureNotice(
  fields: StoreCardFields,
  reason: string | null | undefined,
): StoreCardFields {
  const notice: PassField = {
    key: COMPANY_MESSAGE_KEY,
    label: 'Karta zamknięta',
    value: closedCardNotice(reason),
    changeMessage: '%@',
  };
  return {
    headerFields: quiet(fields.headerFields),
    primaryFields: quiet(fields.primaryFields),
    secondaryFields: quiet(fields.secondaryFields),
    auxiliaryFields: quiet(fields.auxiliaryFields),
    backFields: [notice, ...quiet(fields.backFields.filter((f) => f.key !== COMPANY_MESSAGE_KEY))],
  };
}
