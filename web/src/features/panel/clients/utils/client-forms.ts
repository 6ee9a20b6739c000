import { CreateClientRequest } from '@punkto/contracts/clients';
import { Phone } from '@punkto/contracts/tenant';
import { z } from 'zod';

/** create-client as a form: the contract's rules, with an empty phone box meaning "no phone". */
export const NewClientForm = CreateClientRequest.extend({
  phone: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    Phone.optional(),
  ),
});
