import { z } from 'zod';
import { singleLineText } from './text';

/**
 * The company's locations (issue 34, ADR 0057): the places where a wallet pass comes up on the lock screen
 * ("Reminders near the shop"). Apple Wallet reads at most 10 locations per pass and shows each one's
 * `relevantText`; Google Wallet takes at most 10 merchant locations per class. Coordinates are typed or pasted
 * by the owner (no geocoding: nothing is fetched at run time).
 */
export const LocationLimits = {
  /** Apple Wallet's limit per pass (and Google's per class) */
  maxLocations: 10,
  maxName: 80,
  maxAddress: 160,
  /** the lock screen shows about two lines */
  maxRelevantText: 90,
} as const;

export const LocationMessages = {
  tooMany: `Możesz dodać najwyżej ${LocationLimits.maxLocations} lokalizacji.`,
  name: 'Podaj nazwę lokalizacji.',
  nameTooLong: `Nazwa lokalizacji może mieć najwyżej ${LocationLimits.maxName} znaków.`,
  addressTooLong: `Adres może mieć najwyżej ${LocationLimits.maxAddress} znaków.`,
  latitude: 'Szerokość geograficzna musi być liczbą od -90 do 90.',
  longitude: 'Długość geograficzna musi być liczbą od -180 do 180.',
  relevantTextTooLong: `Tekst na ekranie blokady może mieć najwyżej ${LocationLimits.maxRelevantText} znaków.`,
} as const;

/** `{nazwa firmy}` in the owner's text becomes the company's current name on the pass */
export const COMPANY_NAME_PLACEHOLDER = '{nazwa firmy}';
/**
 * The name as the subject (nominative): a company's name cannot be declined by a program, and „obok {nazwa}”
 * would need the genitive („obok Kawiarni Pod Lipą”).
 */
export const DEFAULT_RELEVANT_TEXT = `${COMPANY_NAME_PLACEHOLDER} jest tuż obok — pokaż kartę przy kasie`;

/** The lock-screen text of a location, as the pass shows it (the default when the owner left it empty). */
export function relevantTextOf(location: Pick<Location, 'relevantText'>, companyName: string): string {
  const text = (location.relevantText ?? '').trim() || DEFAULT_RELEVANT_TEXT;
  return text.split(COMPANY_NAME_PLACEHOLDER).join(companyName).slice(0, 200);
}

/** z.number refuses NaN and ±Infinity itself (zod 4), with the same message */
const Latitude = z
  .number(LocationMessages.latitude)
  .min(-90, LocationMessages.latitude)
  .max(90, LocationMessages.latitude);
const Longitude = z
  .number(LocationMessages.longitude)
  .min(-180, LocationMessages.longitude)
  .max(180, LocationMessages.longitude);

export const Location = z
  .object({
    name: singleLineText(LocationMessages.name)
      .min(1, LocationMessages.name)
      .max(LocationLimits.maxName, LocationMessages.nameTooLong),
    /** optional, shown only in the panel */
    address: singleLineText()
      .max(LocationLimits.maxAddress, LocationMessages.addressTooLong)
      .nullable()
      .optional()
      .transform((v) => v || null),
    latitude: Latitude,
    longitude: Longitude,
    /** the lock-screen text; null or empty: DEFAULT_RELEVANT_TEXT */
    relevantText: singleLineText()
      .max(LocationLimits.maxRelevantText, LocationMessages.relevantTextTooLong)
      .nullable()
      .optional()
      .transform((v) => v || null),
  })
  .meta({ id: 'Location' });
export type Location = z.output<typeof Location>;

/** PUT …/locations: the whole list replaces the one stored (an empty list removes them all) */
export const ReplaceLocationsRequest = z
  .object({
    locations: z.array(Location).max(LocationLimits.maxLocations, LocationMessages.tooMany),
  })
  .meta({ id: 'ReplaceLocationsRequest' });
export type ReplaceLocationsRequest = z.input<typeof ReplaceLocationsRequest>;

export const LocationsResponse = z
  .object({
    locations: z.array(
      z.object({
        name: z.string(),
        address: z.string().nullable(),
        latitude: z.number(),
        longitude: z.number(),
        relevantText: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'LocationsResponse' });
export type LocationsResponse = z.infer<typeof LocationsResponse>;
