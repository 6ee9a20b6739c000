/**
 * `pattern` in an OpenAPI 3.1 document is a JSON Schema 2020-12 pattern: an ECMA-262 regular expression
 * WITHOUT delimiters or flags, read with Unicode semantics (`\p{L}` means a letter, as under the `u` flag).
 * zod-to-openapi writes a zod regex as `regex.toString()` less its first and last slash, so `/\p{L}/u` came
 * out as `\p{L}/u` — a pattern that needs the two characters `/u` after a letter and so rejected every
 * password (issue 36). These helpers turn what the generator wrote back into the pattern's source.
 */

/** Flags that mean nothing beyond what a JSON Schema pattern already means (Unicode semantics). */
const UNICODE_FLAGS = new Set(['u', 'v']);

/**
 * The plain ECMA-262 source of a pattern as zod-to-openapi writes it: `source/flags` → `source`. A `/` that
 * ends the source is never in a RegExp's `source` unescaped outside a character class (`RegExp.prototype.source`
 * escapes it), so the first such slash starts the flags. Flags other than u/v change what the pattern matches
 * (`i`, `m`, `s`…) and cannot be said in JSON Schema: such a contract regex must be rewritten (e.g. `[Aa]`
 * instead of `i`), and generating the document fails until it is.
 */
export function plainPattern(written: string): string {
  let inClass = false;
  for (let i = 0; i < written.length; i++) {
    const char = written[i];
    if (char === '\\') i++;
    else if (char === '[') inClass = true;
    else if (char === ']') inClass = false;
    else if (char === '/' && !inClass) {
      const flags = written.slice(i + 1);
      if (!/^[dgimsuvy]+$/.test(flags)) throw new Error(`pattern ${written}: unescaped "/" in its source`);
      const changing = [...flags].filter((flag) => !UNICODE_FLAGS.has(flag));
      if (changing.length)
        throw new Error(
          `pattern ${written}: flag(s) ${changing.join('')} cannot be said in a JSON Schema pattern; ` +
            'rewrite the regex without them',
        );
      return written.slice(0, i);
    }
  }
  return written;
}

/** Rewrites every string `pattern` of the document in place (schemas, parameter schemas, nested ones). */
export function plainPatterns(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(plainPatterns);
  if (node === null || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    if (key === 'pattern' && typeof value === 'string') record[key] = plainPattern(value);
    else plainPatterns(value);
  }
}
