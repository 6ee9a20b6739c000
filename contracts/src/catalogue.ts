import { MAX_FIXED_POINTS_MESSAGE, MAX_POINTS_PER_AWARD } from './card-limits';
import { singleLineText } from './text';
import { z } from 'zod';

/** The services catalogue of a tenant (SPEC §7 /tenants/{id}/services): what staff can pick when awarding points. */

export const ServiceInput = z
  .object({
    name: singleLineText().min(2, 'Nazwa usługi musi mieć co najmniej 2 znaki.').max(80),
    /** price in grosze (1 zł = 100 gr) */
    priceGrosze: z
      .number('Podaj cenę.')
      .int('Cenę podaj w groszach (liczba całkowita).')
      .min(0, 'Cena nie może być ujemna.')
      .max(10_000_000, 'Cena jest za wysoka.'),
    /** fixed points for this service instead of points per złoty; null = computed from the price */
    fixedPoints: z
      .number()
      .int()
      .min(1, 'Stała liczba punktów musi wynosić co najmniej 1.')
      .max(MAX_POINTS_PER_AWARD, MAX_FIXED_POINTS_MESSAGE)
      .nullable()
      .default(null),
    active: z.boolean().default(true),
  })
  .meta({ id: 'ServiceInput' });
export type ServiceInput = z.input<typeof ServiceInput>;

export const CatalogueService = ServiceInput.extend({
  id: z.string(),
  tenantId: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
}).meta({ id: 'Service' });
export type CatalogueService = z.infer<typeof CatalogueService>;

export const ServiceList = z.object({ items: z.array(CatalogueService) }).meta({ id: 'ServiceList' });
export const ServiceIdParams = z.object({
  id: z.string().min(1).max(64),
  serviceId: z.string().min(1).max(64),
});

export const CatalogueErrors = {
  notFound: { code: 'SERVICE.NOT_FOUND', status: 404, message: 'Nie znaleziono usługi.' },
  duplicateName: {
    code: 'SERVICE.DUPLICATE_NAME',
    status: 409,
    message: 'Usługa o tej nazwie już istnieje.',
  },
} as const;
