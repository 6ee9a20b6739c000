import { LocationLimits, LocationMessages, type Location } from '@punkto/contracts/locations';

/**
 * The rules a company's list of locations keeps (ADR 0057), pure: at most 10 (Apple Wallet reads no more per
 * pass), a name on each, latitude −90..90, longitude −180..180, texts within their lengths. The request's
 * schema checks the same on the way in; the decider checks again, so no command can store a list the passes
 * could not carry. The answer is the errors map of SPEC §8 (`locations.2.latitude` → messages), empty when
 * the list is valid.
 */
export function locationErrors(locations: readonly Location[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => (errors[key] ??= []).push(message);
  if (locations.length > LocationLimits.maxLocations) add('locations', LocationMessages.tooMany);
  locations.forEach((location, i) => {
    const at = (field: string) => `locations.${i}.${field}`;
    const name = location.name.trim();
    if (!name) add(at('name'), LocationMessages.name);
    if (name.length > LocationLimits.maxName) add(at('name'), LocationMessages.nameTooLong);
    if ((location.address ?? '').length > LocationLimits.maxAddress)
      add(at('address'), LocationMessages.addressTooLong);
    if (!inRange(location.latitude, 90)) add(at('latitude'), LocationMessages.latitude);
    if (!inRange(location.longitude, 180)) add(at('longitude'), LocationMessages.longitude);
    if ((location.relevantText ?? '').length > LocationLimits.maxRelevantText)
      add(at('relevantText'), LocationMessages.relevantTextTooLong);
  });
  return errors;
}

const inRange = (value: number, limit: number) =>
  typeof value === 'number' && Number.isFinite(value) && value >= -limit && value <= limit;

/** The list as stored: names and texts trimmed, an empty address or text is none. */
export const normalisedLocations = (locations: readonly Location[]): Location[] =>
  locations.map((l) => ({
    name: l.name.trim(),
    address: l.address?.trim() || null,
    latitude: l.latitude,
    longitude: l.longitude,
    relevantText: l.relevantText?.trim() || null,
  }));
