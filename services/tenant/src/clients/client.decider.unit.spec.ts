import { deciderSpecification } from '@punkto/platform/es/decider-specification';
import { describe, it } from 'vitest';
import type { ClientEvent } from './client';
import { clientDecider, type ClientCommand, type EnrollClient } from './client.decider';
import {
  ClientAlreadyExistsError,
  ClientEmailFixedError,
  ClientLinkedToAnotherAccountError,
  ClientNotFoundError,
  ClientPhoneRequiredError,
} from './client.errors';

const spec = deciderSpecification(clientDecider);
const now = new Date('2026-03-01T10:00:00.000Z');
const at = now.toISOString();
const earlier = '2026-02-01T10:00:00.000Z';
const clientId = 'c1';
const tenantId = 't1';
const programId = 'p1';

// test-data mothers
const cmd = <C extends ClientCommand>(type: C['type'], data: C['data']) =>
  ({ type, data, metadata: { now } }) as C;
const enrolment = (overrides: Partial<EnrollClient['data']> = {}): EnrollClient['data'] => ({
  clientId,
  tenantId,
  programId,
  userId: null,
  email: 'ola@example.pl',
  name: 'Ola Żak',
  phone: '+48600100200',
  source: 'created',
  companyName: 'Kawiarnia Pod Lipą',
  programName: 'Kawa za punkty',
  marketingConsent: true,
  ...overrides,
});
const enrolled = (overrides: Partial<EnrollClient['data']> = {}): ClientEvent => ({
  type: 'ClientEnrolled',
  data: { ...enrolment(overrides), enrolledAt: earlier },
});
const linked = (userId = 'u1'): ClientEvent => ({
  type: 'ClientAccountLinked',
  data: { clientId, tenantId, programId, userId, linkedAt: earlier },
});

describe('when no client exists', () => {
  it('enrolling records ClientEnrolled with exactly the contract payload', () =>
    spec
      .given([])
      .when(cmd('EnrollClient', enrolment()))
      .then([{ type: 'ClientEnrolled', data: { ...enrolment(), enrolledAt: at } }]));

  it('linking or removing finds no client', () => {
    spec
      .given([])
      .when(cmd('LinkClientAccount', { tenantId, userId: 'u1' }))
      .thenThrows(ClientNotFoundError);
    spec.given([]).when(cmd('RemoveClient', { tenantId })).thenThrows(ClientNotFoundError);
  });
});

describe('when staff enrolled the client by e-mail (no account yet)', () => {
  it('enrolling again on the same stream is refused', () =>
    spec.given([enrolled()]).when(cmd('EnrollClient', enrolment())).thenThrows(ClientAlreadyExistsError));

  it("identity's account is linked once; a redelivery changes nothing", () => {
    spec
      .given([enrolled()])
      .when(cmd('LinkClientAccount', { tenantId, userId: 'u1' }))
      .then([
        { type: 'ClientAccountLinked', data: { clientId, tenantId, programId, userId: 'u1', linkedAt: at } },
      ]);
    spec
      .given([enrolled(), linked('u1')])
      .when(cmd('LinkClientAccount', { tenantId, userId: 'u1' }))
      .thenNothingHappens();
  });

  it('another account for a linked client is refused', () =>
    spec
      .given([enrolled(), linked('u1')])
      .when(cmd('LinkClientAccount', { tenantId, userId: 'u2' }))
      .thenThrows(ClientLinkedToAnotherAccountError));

  it("another tenant's link report finds no client", () =>
    spec
      .given([enrolled()])
      .when(cmd('LinkClientAccount', { tenantId: 't2', userId: 'u1' }))
      .thenThrows(ClientNotFoundError));
});

describe('when the customer enrolled themselves (account known)', () => {
  it('the same account reported again changes nothing', () =>
    spec
      .given([enrolled({ userId: 'u9', source: 'self' })])
      .when(cmd('LinkClientAccount', { tenantId, userId: 'u9' }))
      .thenNothingHappens());
});

describe('when the client was removed', () => {
  const given = [
    enrolled(),
    { type: 'ClientRemoved', data: { clientId, tenantId, programId, removedAt: earlier } } as ClientEvent,
  ];

  it('removing records ClientRemoved once', () => {
    spec
      .given([enrolled()])
      .when(cmd('RemoveClient', { tenantId }))
      .then([{ type: 'ClientRemoved', data: { clientId, tenantId, programId, removedAt: at } }]);
    spec.given(given).when(cmd('RemoveClient', { tenantId })).thenNothingHappens();
  });

  it('a late link report changes nothing', () =>
    spec
      .given(given)
      .when(cmd('LinkClientAccount', { tenantId, userId: 'u1' }))
      .thenNothingHappens());
});

describe("the customer's phone changed in their profile (UserPhoneChanged)", () => {
  const change = (phone: string | null, userId = 'u9') =>
    cmd('ChangeCustomerPhone', { tenantId, userId, phone });
  const changed = (phone: string | null): ClientEvent => ({
    type: 'ClientPhoneChanged',
    data: { clientId, tenantId, programId, phone, givenBy: 'customer', changedAt: at },
  });

  describe('when the customer joined with a phone', () => {
    const given = [enrolled({ userId: 'u9', source: 'self', phone: '+48600100200' })];

    it('a new number replaces it, given by the customer', () =>
      spec
        .given(given)
        .when(change('+48600999888'))
        .then([changed('+48600999888')]));

    it('the same number changes nothing', () =>
      spec.given(given).when(change('+48600100200')).thenNothingHappens());

    it('null removes it', () =>
      spec
        .given(given)
        .when(change(null))
        .then([changed(null)]));
  });

  describe('when staff entered the phone and the account was linked later', () => {
    const given = [enrolled({ phone: '+48600100200' }), linked('u9')];

    it("the customer's own number (even the same one) is recorded as given by the customer", () =>
      spec
        .given(given)
        .when(change('+48600100200'))
        .then([changed('+48600100200')]));
  });

  describe('when the client has no phone', () => {
    it('removing it changes nothing', () =>
      spec
        .given([enrolled({ userId: 'u9', source: 'self', phone: null })])
        .when(change(null))
        .thenNothingHappens());
  });

  describe('when the client is not this customer’s', () => {
    it('another account, another tenant, an unlinked or unknown client: not found', () => {
      spec
        .given([enrolled({ userId: 'u9', source: 'self' })])
        .when(change('+48600999888', 'u1'))
        .thenThrows(ClientNotFoundError);
      spec
        .given([enrolled({ userId: 'u9', source: 'self' })])
        .when(cmd('ChangeCustomerPhone', { tenantId: 't2', userId: 'u9', phone: null }))
        .thenThrows(ClientNotFoundError);
      spec.given([enrolled()]).when(change('+48600999888')).thenThrows(ClientNotFoundError);
      spec.given([]).when(change('+48600999888')).thenThrows(ClientNotFoundError);
    });
  });

  describe('when the client was removed', () => {
    it('a late change changes nothing', () =>
      spec
        .given([
          enrolled({ userId: 'u9', source: 'self' }),
          { type: 'ClientRemoved', data: { clientId, tenantId, programId, removedAt: earlier } },
        ])
        .when(change('+48600999888'))
        .thenNothingHappens());
  });
});

describe('the customer unsubscribed from the company’s e-mails (MarketingConsentWithdrawn)', () => {
  const withdraw = (t = tenantId) => cmd('WithdrawMarketingConsent', { tenantId: t, campaignId: 'm1' });
  const withdrawn: ClientEvent = {
    type: 'ClientMarketingConsentWithdrawn',
    data: { clientId, tenantId, programId, campaignId: 'm1', withdrawnAt: at },
  };

  it('a client who consented records the withdrawal once', () => {
    spec.given([enrolled(), linked()]).when(withdraw()).then([withdrawn]);
    spec.given([enrolled(), linked(), withdrawn]).when(withdraw()).thenNothingHappens();
  });
  it('a client who never consented changes nothing', () =>
    spec
      .given([enrolled({ marketingConsent: false })])
      .when(withdraw())
      .thenNothingHappens());
  it('a removed client changes nothing', () =>
    spec
      .given([enrolled(), { type: 'ClientRemoved', data: { clientId, tenantId, programId, removedAt: at } }])
      .when(withdraw())
      .thenNothingHappens());
  it('another company’s report finds no client', () =>
    spec.given([enrolled()]).when(withdraw('t2')).thenThrows(ClientNotFoundError));
});

describe('when staff correct a client (EditClient)', () => {
  const ids = { clientId, tenantId, programId };
  it('a new name → ClientRenamed; a new phone → ClientPhoneChanged given by staff', () =>
    spec
      .given([enrolled()])
      .when(cmd('EditClient', { tenantId, name: 'Ola Żak-Nowak', phone: '+48600999888' }))
      .then([
        { type: 'ClientRenamed', data: { ...ids, name: 'Ola Żak-Nowak', renamedAt: at } },
        {
          type: 'ClientPhoneChanged',
          data: { ...ids, phone: '+48600999888', givenBy: 'staff', changedAt: at },
        },
      ]));

  it('an empty phone removes it; the same name decides nothing', () =>
    spec
      .given([enrolled()])
      .when(cmd('EditClient', { tenantId, name: 'Ola Żak', phone: null }))
      .then([
        { type: 'ClientPhoneChanged', data: { ...ids, phone: null, givenBy: 'staff', changedAt: at } },
      ]));

  it('the number the customer gave, confirmed by staff, becomes given by staff', () =>
    spec
      .given([enrolled({ source: 'self', userId: 'u1' })])
      .when(cmd('EditClient', { tenantId, phone: '+48600100200' }))
      .then([
        {
          type: 'ClientPhoneChanged',
          data: { ...ids, phone: '+48600100200', givenBy: 'staff', changedAt: at },
        },
      ]));

  it('nothing for another company or a removed client', () => {
    spec
      .given([enrolled()])
      .when(cmd('EditClient', { tenantId: 'other', name: 'X Y' }))
      .thenThrows(ClientNotFoundError);
    spec
      .given([enrolled(), { type: 'ClientRemoved', data: { ...ids, removedAt: at } }])
      .when(cmd('EditClient', { tenantId, name: 'X Y' }))
      .thenThrows(ClientNotFoundError);
  });

  describe('when the client was added with a phone only (ADR 0056)', () => {
    const phoneOnly = () => enrolled({ email: null, marketingConsent: false });
    it('the phone cannot be removed: staff find the card by it', () =>
      spec
        .given([phoneOnly()])
        .when(cmd('EditClient', { tenantId, phone: null }))
        .thenThrows(ClientPhoneRequiredError));

    it('another phone and the name can be changed', () =>
      spec
        .given([phoneOnly()])
        .when(cmd('EditClient', { tenantId, name: 'Ola Nowak', phone: '+380501234567' }))
        .then([
          { type: 'ClientRenamed', data: { ...ids, name: 'Ola Nowak', renamedAt: at } },
          {
            type: 'ClientPhoneChanged',
            data: { ...ids, phone: '+380501234567', givenBy: 'staff', changedAt: at },
          },
        ]));
  });
});

describe('staff give a client an e-mail (GiveClientEmail, ADR 0056)', () => {
  const ids = { clientId, tenantId, programId };
  const giving = {
    tenantId,
    email: 'olena@example.pl',
    companyName: 'Kawiarnia Pod Lipą',
    programName: 'Kawa za punkty',
    marketingConsent: true,
  };
  const phoneOnly = () => enrolled({ email: null, marketingConsent: false });

  it('a phone-only client → ClientEmailGiven with the name, the names for the mail and the consent', () =>
    spec
      .given([phoneOnly()])
      .when(cmd('GiveClientEmail', giving))
      .then([
        {
          type: 'ClientEmailGiven',
          data: {
            ...ids,
            email: 'olena@example.pl',
            name: 'Ola Żak',
            companyName: 'Kawiarnia Pod Lipą',
            programName: 'Kawa za punkty',
            marketingConsent: true,
            givenAt: at,
          },
        },
      ]));

  it('the same address again decides nothing (a retried request)', () =>
    spec
      .given([
        phoneOnly(),
        { type: 'ClientEmailGiven', data: { ...ids, ...giving, name: 'Ola Żak', givenAt: earlier } },
      ])
      .when(cmd('GiveClientEmail', giving))
      .then([]));

  it('a client with an address keeps it: the customer changes it in their profile', () =>
    spec.given([enrolled()]).when(cmd('GiveClientEmail', giving)).thenThrows(ClientEmailFixedError));

  it('nothing for another company or a removed client', () => {
    spec
      .given([phoneOnly()])
      .when(cmd('GiveClientEmail', { ...giving, tenantId: 'other' }))
      .thenThrows(ClientNotFoundError);
    spec
      .given([phoneOnly(), { type: 'ClientRemoved', data: { ...ids, removedAt: at } }])
      .when(cmd('GiveClientEmail', giving))
      .thenThrows(ClientNotFoundError);
  });
});
