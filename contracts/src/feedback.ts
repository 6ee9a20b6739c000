import { multiLineText } from './text';
import { z } from 'zod';

/**
 * Bug reports (SPEC §2 overlays, §5, §6): a logged-in person describes a problem in the widget; the SPA adds
 * the page and the browser, the notification service adds who sent it (user id, role, tenantId) and when.
 */

export const FEEDBACK_DESCRIPTION_MIN = 5;
export const FEEDBACK_DESCRIPTION_MAX = 5000;

export const FeedbackMessages = {
  descriptionRequired: 'Opisz problem, który zauważyłeś.',
  descriptionTooShort: `Opis musi mieć co najmniej ${FEEDBACK_DESCRIPTION_MIN} znaków.`,
  descriptionTooLong: `Opis może mieć najwyżej ${FEEDBACK_DESCRIPTION_MAX} znaków.`,
  rateLimited: 'Wysłano zbyt wiele zgłoszeń. Spróbuj ponownie za godzinę.',
  thanks: 'Dziękujemy za zgłoszenie!',
} as const;

/** Optional categories of a report, with the Polish labels the widget shows. */
export const FeedbackCategories = {
  bug: 'Błąd',
  ui: 'Wygląd lub czytelność',
  performance: 'Wolne działanie',
  idea: 'Pomysł lub sugestia',
  other: 'Inne',
} as const;
export type FeedbackCategory = keyof typeof FeedbackCategories;
export const FeedbackCategorySchema = z.enum(
  Object.keys(FeedbackCategories) as [FeedbackCategory, ...FeedbackCategory[]],
);

export const FeedbackDescription = multiLineText(FeedbackMessages.descriptionRequired)
  .min(1, { message: FeedbackMessages.descriptionRequired, abort: true })
  .min(FEEDBACK_DESCRIPTION_MIN, FeedbackMessages.descriptionTooShort)
  .max(FEEDBACK_DESCRIPTION_MAX, FeedbackMessages.descriptionTooLong);

export const FeedbackViewport = z.object({
  width: z.number().int().min(0).max(100_000),
  height: z.number().int().min(0).max(100_000),
});

export const CreateFeedbackRequest = z
  .object({
    description: FeedbackDescription,
    category: FeedbackCategorySchema.optional(),
    /** the page the report was sent from (full URL or path) */
    page: z.string().trim().min(1).max(2048),
    userAgent: z.string().max(1024).default(''),
    viewport: FeedbackViewport.optional(),
    /** the browser's language, e.g. `pl-PL` */
    language: z.string().max(64).optional(),
  })
  .meta({ id: 'CreateFeedbackRequest' });
export type CreateFeedbackRequest = z.input<typeof CreateFeedbackRequest>;

export const CreateFeedbackResponse = z
  .object({ id: z.string(), createdAt: z.string() })
  .meta({ id: 'CreateFeedbackResponse' });
export type CreateFeedbackResponse = z.infer<typeof CreateFeedbackResponse>;
