import { ServiceInput } from '@punkto/contracts/catalogue';
import { z } from 'zod';
import { PRICE_FORMAT_MESSAGE, groszeToInput, parsePriceToGrosze } from '../../../../lib/money';

/** What the service modal edits: the price as typed in złoty, fixed points as text ('' = by the price). */
export type ServiceFormValues = {
  name: string;
  price: string;
  fixedPoints: string;
  active: boolean;
};

export const emptyServiceForm: ServiceFormValues = { name: '', price: '', fixedPoints: '', active: true };

/**
 * The form's schema: the contract's ServiceInput rules (and Polish messages) on the converted values,
 * so the client says exactly what the server would.
 */
export const ServiceForm = z
  .object({
    name: ServiceInput.shape.name,
    price: z
      .string()
      .trim()
      .min(1, 'Podaj cenę.')
      .transform((value, ctx) => {
        const grosze = parsePriceToGrosze(value);
        if (grosze === null) {
          ctx.addIssue({ code: 'custom', message: PRICE_FORMAT_MESSAGE });
          return z.NEVER;
        }
        return grosze;
      })
      .pipe(ServiceInput.shape.priceGrosze),
    fixedPoints: z
      .string()
      .trim()
      .refine((value) => value === '' || /^\d+$/.test(value), 'Podaj liczbę całkowitą punktów.')
      .transform((value) => (value === '' ? null : Number(value)))
      .pipe(ServiceInput.shape.fixedPoints.unwrap()),
    active: z.boolean(),
  })
  .transform(({ name, price, fixedPoints, active }): z.input<typeof ServiceInput> => ({
    name,
    priceGrosze: price,
    fixedPoints,
    active,
  }));

/** A stored service as form values. */
export function toServiceFormValues(service: {
  name: string;
  priceGrosze: number;
  fixedPoints: number | null;
  active: boolean;
}): ServiceFormValues {
  return {
    name: service.name,
    price: groszeToInput(service.priceGrosze),
    fixedPoints: service.fixedPoints === null ? '' : String(service.fixedPoints),
    active: service.active,
  };
}

/** Server validation keys of ServiceInput → the form's fields. */
export const serviceServerFields: Record<string, keyof ServiceFormValues> = {
  priceGrosze: 'price',
  fixedPoints: 'fixedPoints',
  name: 'name',
  active: 'active',
};
