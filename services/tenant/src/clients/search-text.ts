import type { Collection, Filter } from '@punkto/platform/documents/document-store.port';
import { foldText, regexLiteral } from '@punkto/contracts/text';

/**
 * Search and sort keys of the people lists (clients, employees). Pure.
 *
 * The document store compares strings by code point and its `$regex` runs per document, so the read models
 * store what the queries need already folded:
 * - `foldText`: lower case without diacritics (`Łucja Żak` → `lucja zak`), so "lucja" finds "Łucja" and names
 *   sort alphabetically instead of putting `Ł…`/`Ż…` after `z`;
 * - `searchText`: the folded name, e-mail and phone joined, searched with ONE escaped, literal (no regex
 *   syntax from the user) substring pattern, identical on SQLite and MongoDB.
 */

/** The folded parts separated by a character no term can contain after folding (`|` is escaped in terms). */
export function searchTextOf(parts: Array<string | null | undefined>): string {
  return parts
    .filter((p): p is string => !!p)
    .flatMap((p) => {
      const folded = foldText(p);
      const digits = p.replace(/\D/g, '');
      // a phone also in digits only, so "600 100 200" and "+48600100200" both match
      return digits.length >= 6 && digits !== folded ? [folded, digits] : [folded];
    })
    .join(' | ');
}

/**
 * The `$regex` condition for a user's search term (null for an empty term): the folded term as a literal
 * substring; a term that looks like a phone number also matches by its digits alone.
 */
export function searchFilter(term: string | undefined, field = 'searchText'): Filter | null {
  const folded = foldText(term ?? '').slice(0, 200);
  if (!folded) return null;
  const alternatives = [regexLiteral(folded)];
  if (/^[\d\s()+-]+$/.test(folded)) {
    const digits = folded.replace(/\D/g, '');
    if (digits && digits !== folded) alternatives.push(regexLiteral(digits));
  }
  return { [field]: { $regex: alternatives.join('|') } };
}

/**
 * The total for a page: a page that is not full (and not past the end) already tells it, so only a full page
 * pays for the count — which on a search is a second pass over the tenant's documents.
 */
export async function totalOf<T extends { _id: string }>(
  collection: Collection<T>,
  filter: Filter,
  skip: number,
  found: number,
  pageSize: number,
): Promise<number> {
  if (found < pageSize && (found > 0 || skip === 0)) return skip + found;
  return collection.count(filter);
}
