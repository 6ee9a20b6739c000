import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Apns } from '../passes/providers/apns/apns.port';

/**
 * The ONE contract for Apns adapters (embedded records now, HTTP/2 against the fake APNs). `delivered()` reads
 * what reached "Apple" without going through the adapter under test (the fake's log, the recorder's list).
 */
export interface ApnsHarness {
  topic: string;
  open(): Promise<Apns>;
  delivered(): Promise<{ pushToken: string; topic: string | undefined }[]>;
  cleanup(): Promise<void>;
}

/** A device token as iPhones send it: 32 bytes in hex. */
export const aPushToken = (n: number): string => n.toString(16).padStart(64, 'a');

export function apnsContract(name: string, harness: () => Promise<ApnsHarness>): void {
  describe(`Apns contract: ${name}`, () => {
    let h: ApnsHarness;
    let apns: Apns;

    beforeEach(async () => {
      h = await harness();
      apns = await h.open();
    });
    afterEach(async () => {
      await apns.close();
      await h.cleanup();
    });

    it('delivers one push to the device, on the pass type topic', async () => {
      const outcome = await apns.push(aPushToken(1));
      expect(outcome.outcome).toBe('sent');
      expect(await h.delivered()).toEqual([{ pushToken: aPushToken(1), topic: h.topic }]);
    });

    it('takes a token in upper case as the same device', async () => {
      expect((await apns.push(aPushToken(0xbeef).toUpperCase())).outcome).toBe('sent');
      expect((await h.delivered()).map((p) => p.pushToken.toLowerCase())).toEqual([aPushToken(0xbeef)]);
    });

    it('answers bad-token for what is not an APNs token, and delivers nothing', async () => {
      for (const token of ['', 'not-hex-at-all', 'ab'.repeat(10), 'g'.repeat(64), 'a'.repeat(202)])
        expect(await apns.push(token)).toEqual({ outcome: 'bad-token' });
      expect(await h.delivered()).toEqual([]);
    });

    it('delivers 40 simultaneous pushes to 40 devices, each once', async () => {
      const tokens = Array.from({ length: 40 }, (_, i) => aPushToken(i + 100));
      const outcomes = await Promise.all(tokens.map((t) => apns.push(t)));
      expect(outcomes.every((o) => o.outcome === 'sent')).toBe(true);
      const delivered = (await h.delivered()).map((p) => p.pushToken).sort();
      expect(delivered).toEqual([...tokens].sort());
    });
  });
}
