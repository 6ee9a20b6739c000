import { isValidNip } from '@punkto/contracts/tenant';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VatRegistry } from './vat-registry.port';

/**
 * The ONE contract suite every VatRegistry adapter passes (vat-registry.int.spec.ts runs it against each).
 * `registered` / `absent`: NIPs the adapter's registry lists / does not list — omitted by an adapter that asks
 * nobody, which must then answer `not-checked` for every valid NIP. `outage`: makes the registry fail or go
 * silent, for adapters that have one.
 */
export interface VatRegistryFixture {
  registry: VatRegistry;
  registered?: { nip: string; name: string };
  absent?: string;
  outage?: (mode: 'fail' | 'hang' | 'normal') => void;
  /** how long the adapter may take at most when its registry says nothing */
  timeoutMs?: number;
  close(): Promise<void>;
}

export function vatRegistryContract(adapter: string, setUp: () => Promise<VatRegistryFixture>) {
  describe(`VatRegistry contract: ${adapter}`, () => {
    let f: VatRegistryFixture;
    const on = new Date('2026-11-28T09:00:00Z');
    const validNip = '5260250274';
    beforeAll(async () => {
      f = await setUp();
    });
    afterAll(async () => f.close());

    it('calls a number with a wrong check digit or the wrong length invalid, without asking anybody', async () => {
      f.outage?.('fail');
      try {
        for (const nip of ['5260250275', '1000000160', '12345', 'abcdefghij'])
          expect(await f.registry.lookUp(nip, on)).toEqual({ outcome: 'invalid' });
      } finally {
        f.outage?.('normal');
      }
    });

    it('answers what the registry says about a valid NIP, or that it was not checked', async () => {
      expect(isValidNip(validNip)).toBe(true);
      const answer = await f.registry.lookUp(validNip, on);
      if (!f.registered) {
        expect(answer).toMatchObject({ outcome: 'not-checked' });
        return;
      }
      expect(await f.registry.lookUp(f.registered.nip, on)).toMatchObject({
        outcome: 'registered',
        name: f.registered.name,
      });
      expect(await f.registry.lookUp(f.absent!, on)).toEqual({ outcome: 'not-registered' });
    });

    it('never throws and never refuses when the registry fails or does not answer: not-checked', async () => {
      if (!f.outage) return;
      for (const mode of ['fail', 'hang'] as const) {
        f.outage(mode);
        const started = Date.now();
        try {
          expect(await f.registry.lookUp(f.registered?.nip ?? validNip, on)).toMatchObject({
            outcome: 'not-checked',
          });
          expect(Date.now() - started).toBeLessThan((f.timeoutMs ?? 0) + 1000);
        } finally {
          f.outage('normal');
        }
      }
    });
  });
}
