import { ReplaceLocationsRequest, type Location } from '@punkto/contracts/locations';
import { ValidationError } from '@punkto/platform/errors/errors';

/**
 * The rules a company's list of locations keeps (ADR 0057) are the request's schema (contracts/src/locations.ts):
 * at most 10 (Apple Wallet reads no more per pass), a name on each, latitude −90..90, longitude −180..180, texts
 * within their lengths. The decider checks the list again through that same schema, so no command can store a
 * list the passes could not carry, and no second copy of the rules can drift from it. A refusal is the errors map
 * of SPEC §8 (`locations.2.latitude` → messages); a valid list comes back as stored: texts trimmed, an empty
 * address or text none.
 */
export function validLocations(locations: readonly Location[]): Location[] {
  const result = ReplaceLocationsRequest.safeParse({ locations });
  if (result.success) return result.data.locations;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join('.')] ??= []).push(issue.message);
  throw new ValidationError(errors);
}
