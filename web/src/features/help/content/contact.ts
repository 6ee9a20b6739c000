/**
 * Where people reach Punkto (help page „Kontakt”, the terms, „skontaktuj się z nami” on the pricing).
 * One place to change it.
 */
export const CONTACT_EMAIL = 'kontakt@punkto.pl';
