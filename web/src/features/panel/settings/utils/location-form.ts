import { DEFAULT_RELEVANT_TEXT, Location, relevantTextOf } from '@punkto/contracts/locations';
import { parseDegree } from './coordinates';

/** One location as the editor holds it: the coordinates as typed (a dot or a Polish comma). */
export interface LocationDraft {
  name: string;
  address: string;
  latitude: string;
  longitude: string;
  relevantText: string;
}

export type DraftField = keyof LocationDraft;

export const emptyDraft = (): LocationDraft => ({
  name: '',
  address: '',
  latitude: '',
  longitude: '',
  relevantText: '',
});

export const draftOf = (location: Location): LocationDraft => ({
  name: location.name,
  address: location.address ?? '',
  latitude: String(location.latitude),
  longitude: String(location.longitude),
  relevantText: location.relevantText ?? '',
});

/**
 * The draft checked by the request's own schema (contracts/src/locations.ts: the rules the tenant service keeps),
 * with its Polish messages, the first per field. A coordinate that is not a number is checked as NaN.
 */
export function draftErrors(draft: LocationDraft): Partial<Record<DraftField, string>> {
  const result = Location.safeParse({
    name: draft.name,
    address: draft.address,
    latitude: parseDegree(draft.latitude) ?? Number.NaN,
    longitude: parseDegree(draft.longitude) ?? Number.NaN,
    relevantText: draft.relevantText,
  });
  const errors: Partial<Record<DraftField, string>> = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path[0] as DraftField] ??= issue.message;
  return errors;
}

/** A valid draft as the API takes it (check draftErrors first). */
export const locationOf = (draft: LocationDraft): Location => ({
  name: draft.name.trim(),
  address: draft.address.trim() || null,
  latitude: parseDegree(draft.latitude)!,
  longitude: parseDegree(draft.longitude)!,
  relevantText: draft.relevantText.trim() || null,
});

/** What the lock screen will say for this text (the default with the company's name when empty). */
export const lockScreenPreview = (relevantText: string, companyName: string) =>
  relevantTextOf({ relevantText: relevantText.trim() || null }, companyName);

export const defaultTextFor = (companyName: string) =>
  relevantTextOf({ relevantText: DEFAULT_RELEVANT_TEXT }, companyName);

const degrees = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 6 });
/** `szer. 52,2297 · dł. 21,0122` */
export const coordinatesLabel = (location: Pick<Location, 'latitude' | 'longitude'>) =>
  `szer. ${degrees.format(location.latitude)} · dł. ${degrees.format(location.longitude)}`;

/**
 * A refusal of the API on the edited location (`locations.<index>.<field>`) as field messages; the rest
 * (another location, the list) is left to the form's message.
 */
export function fieldErrorsAt(
  errors: Record<string, readonly string[]> | undefined,
  index: number,
): Partial<Record<DraftField, string>> {
  const out: Partial<Record<DraftField, string>> = {};
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const match = /^locations\.(\d+)\.(\w+)$/.exec(key);
    if (match && Number(match[1]) === index && messages[0]) out[match[2] as DraftField] = messages[0];
  }
  return out;
}
