// made on first use: creating an Intl object loads locale data, which start-up should not wait for
let pluralRules: Intl.PluralRules | undefined;

/**
 * THE Polish plural form for a count (services and web): 1 karta, 2–4 karty, 0 / 5+ kart (12–14 kart,
 * 22 karty), by the language's own rules (Intl.PluralRules).
 */
export function plural(count: number, one: string, few: string, many: string): string {
  pluralRules ??= new Intl.PluralRules('pl-PL');
  const form = pluralRules.select(count);
  return form === 'one' ? one : form === 'few' ? few : many;
}
