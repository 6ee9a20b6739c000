import { CreateClientFields } from '@punkto/contracts/clients';
import { Email } from '@punkto/contracts/identity';
import { Phone } from '@punkto/contracts/tenant';
import { z } from 'zod';

/** an empty box means "not given" */
const blankAsMissing = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** create-client as a form: the contract's rules, with an empty phone box meaning "no phone". */
export const NewClientForm = CreateClientFields.extend({
  email: Email,
  phone: z.preprocess(blankAsMissing, Phone.optional()),
});

/**
 * create-client for a client without an e-mail (ADR 0056): the phone is what staff find the card by, so it is
 * required; no account and no marketing e-mail.
 */
export const PhoneOnlyClientForm = CreateClientFields.omit({ email: true, marketingConsent: true }).extend({
  phone: z
    .preprocess(blankAsMissing, Phone.optional())
    .refine((v) => v !== undefined, 'Podaj numer telefonu klienta — po nim znajdziesz jego kartę.'),
});
