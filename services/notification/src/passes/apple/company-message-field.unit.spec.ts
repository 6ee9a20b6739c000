import { storeCardFields, type CardOnPass } from '@punkto/contracts/pass-fields';
import { describe, expect, it } from 'vitest';
import { applyCompanyMessage, type PassCard } from '../pass-card';
import { closedCardNotice } from '../closed-card-notice';
import { COMPANY_MESSAGE_KEY, withClosureNotice, withCompanyMessage } from './company-message-field';

const onPass: CardOnPass = {
  kind: 'stamps',
  stamps: 7,
  stampsRequired: 10,
  cardNumber: '1234 5678 97',
  programName: 'Co dziesiąta kawa gratis',
  companyName: 'Kawiarnia Pod Lipą',
  companyAddress: null,
  terms: null,
  portalUrl: 'https://punkto.example/klient/karty',
  nextReward: { name: 'Kawa gratis', cost: 10 },
};

const card: PassCard = {
  cardId: 'c1',
  tenantId: 't1',
  programId: 'p1',
  userId: 'u1',
  number: '1234567897',
  secretVersion: 1,
  qrPayload: 'P1.c1.1.x',
  points: 0,
  stamps: 7,
  lifetimePoints: 0,
  tier: null,
  status: 'active',
  version: 2,
  changedAt: '2026-11-20T10:05:00.000Z',
};

const message = {
  messageId: 'm1',
  title: 'Nowe ciasto',
  body: 'Od jutra sernik z malinami.',
  sentAt: '2026-11-25T12:00:00.000Z',
};

const changeMessages = (fields: ReturnType<typeof storeCardFields>) =>
  Object.values(fields)
    .flat()
    .filter((f) => f.changeMessage)
    .map((f) => f.key);

describe('the company message back field', () => {
  describe('when the card has no message yet', () => {
    it('shows a placeholder under the same key, so the first message is a changed value Wallet announces', () => {
      const fields = withCompanyMessage(storeCardFields(onPass), card, 'Kawiarnia Pod Lipą');
      expect(fields.backFields[0]).toEqual({
        key: COMPANY_MESSAGE_KEY,
        label: 'Wiadomość od Kawiarnia Pod Lipą',
        value: 'Tu pojawią się wiadomości od Kawiarnia Pod Lipą.',
        changeMessage: '%@',
      });
      expect(changeMessages(fields)).toEqual(['stamps', COMPANY_MESSAGE_KEY]);
    });
  });

  describe('when the message is the newest change of the card', () => {
    const withMessage = applyCompanyMessage(card, message, '2026-11-25T12:00:01.000Z')!;

    it('the back field holds "title: body" with changeMessage %@, and no other field announces itself', () => {
      const fields = withCompanyMessage(storeCardFields(onPass), withMessage, 'Kawiarnia Pod Lipą');
      expect(fields.backFields[0]).toMatchObject({
        key: COMPANY_MESSAGE_KEY,
        value: 'Nowe ciasto: Od jutra sernik z malinami.',
        changeMessage: '%@',
      });
      expect(changeMessages(fields)).toEqual([COMPANY_MESSAGE_KEY]);
      expect(fields.primaryFields[0]).toEqual({ key: 'stamps', label: 'Pieczątki', value: '7 z 10' });
    });

    it('after the next award the balance announces itself again and the message stays on the back', () => {
      const awarded = { ...withMessage, stamps: 8, version: withMessage.version + 1 };
      const fields = withCompanyMessage(
        storeCardFields({ ...onPass, stamps: 8 }),
        awarded,
        'Kawiarnia Pod Lipą',
      );
      expect(changeMessages(fields)).toEqual(['stamps', COMPANY_MESSAGE_KEY]);
      expect(fields.backFields[0]?.value).toBe('Nowe ciasto: Od jutra sernik z malinami.');
    });
  });
});

describe('applyCompanyMessage', () => {
  it('puts the message on the card and bumps its version and change time', () => {
    const next = applyCompanyMessage(card, message, '2026-11-25T12:00:01.000Z')!;
    expect(next).toMatchObject({
      version: 3,
      changedAt: '2026-11-25T12:00:01.000Z',
      companyMessage: { ...message, cardVersion: 3 },
    });
  });

  it('the same message again changes nothing (a redelivery)', () => {
    const next = applyCompanyMessage(card, message, '2026-11-25T12:00:01.000Z')!;
    expect(applyCompanyMessage(next, message, '2026-11-25T12:05:00.000Z')).toBeNull();
  });

  it('an older message never replaces a newer one (a late redelivery of an earlier campaign)', () => {
    const next = applyCompanyMessage(card, message, '2026-11-25T12:00:01.000Z')!;
    const older = { ...message, messageId: 'm0', sentAt: '2026-11-24T12:00:00.000Z' };
    expect(applyCompanyMessage(next, older, '2026-11-25T12:05:00.000Z')).toBeNull();
    const newer = { ...message, messageId: 'm2', sentAt: '2026-11-26T12:00:00.000Z' };
    expect(applyCompanyMessage(next, newer, '2026-11-26T12:00:01.000Z')?.companyMessage?.messageId).toBe(
      'm2',
    );
  });
});

describe('a closed card’s pass', () => {
  it('says why it closed in the message field, the only field that announces itself', () => {
    const fields = withClosureNotice(
      withCompanyMessage(storeCardFields(onPass), card, 'Kawiarnia Pod Lipą'),
      'tenant_deleted',
    );
    expect(fields.backFields[0]).toEqual({
      key: COMPANY_MESSAGE_KEY,
      label: 'Karta zamknięta',
      value: 'Firma zakończyła działalność w Punkto. Ta karta jest już nieaktywna.',
      changeMessage: '%@',
    });
    expect(fields.backFields.filter((f) => f.key === COMPANY_MESSAGE_KEY)).toHaveLength(1);
    expect(changeMessages(fields)).toEqual([COMPANY_MESSAGE_KEY]);
  });

  it('has a sentence for every reason, and one when the reason is not known', () => {
    expect(closedCardNotice('program_deleted')).toBe(
      'Program lojalnościowy został zakończony. Ta karta jest już nieaktywna.',
    );
    expect(closedCardNotice('client_removed')).toBe(
      'Firma usunęła Cię z programu. Ta karta jest już nieaktywna.',
    );
    expect(closedCardNotice(null)).toBe('Ta karta jest już nieaktywna.');
  });
});
