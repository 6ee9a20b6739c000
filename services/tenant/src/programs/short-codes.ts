import { SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH } from '@punkto/contracts/enrolment-links';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { DuplicateKeyError } from '@punkto/platform/errors/errors';
import { randomInt } from 'node:crypto';

/** A random code of the short-link alphabet (contracts/enrolment-links.ts), from the CSPRNG. */
export function randomShortCode(random: (max: number) => number = randomInt): string {
  let code = '';
  for (let i = 0; i < SHORT_CODE_LENGTH; i++) code += SHORT_CODE_ALPHABET[random(SHORT_CODE_ALPHABET.length)];
  return code;
}

type Reservation = { _id: string; programId: string; tenantId: string; reservedAt: string };

export const SHORT_CODES_COLLECTION = 'program_short_codes';

/**
 * Reservations of short enrolment codes (ADR 0014), like the card ledger's card numbers: one document per
 * code, `_id` = the code, so the store's unique `_id` index makes a code the platform's only one. A random code
 * is tried; a collision (DuplicateKeyError) draws another. A reservation is kept for good once its program
 * recorded the code — also after the program is deleted, so a printed poster never leads to another program.
 * One a command did not use (a lost race, a refused definition) is freed; one left by a crash is merely unused.
 * A code a live program holds according to the read model is skipped as well (`heldByProgram`): after a restore of
 * the document store older than the event store the reservations lack the newest codes, which the rebuilt read
 * model has.
 */
export function shortCodeReservations(
  documents: DocumentStore,
  clock: () => Date,
  options: { draw?: () => string; heldByProgram?: (code: string) => Promise<boolean> } = {},
) {
  const { draw = () => randomShortCode(), heldByProgram = async () => false } = options;
  const reservations = documents.collection<Reservation>(SHORT_CODES_COLLECTION);
  return {
    async reserve(programId: string, tenantId: string): Promise<string> {
      // a code taken (held by a program, or reserved: DuplicateKeyError) draws another
      for (let attempt = 0; attempt < 20; attempt++) {
        const code = draw();
        if (await heldByProgram(code)) continue;
        try {
          await reservations.insert({ _id: code, programId, tenantId, reservedAt: clock().toISOString() });
          return code;
        } catch (error) {
          if (!(error instanceof DuplicateKeyError)) throw error;
        }
      }
      throw new Error('no free short enrolment code after 20 attempts');
    },

    /** frees a code this program reserved but did not record */
    async release(code: string, programId: string): Promise<void> {
      const reservation = await reservations.get(code);
      if (reservation?.programId === programId)
        await reservations.delete(code, { expectedRevision: reservation._rev });
    },
  };
}
export type ShortCodeReservations = ReturnType<typeof shortCodeReservations>;
