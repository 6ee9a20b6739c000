import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Done-when of issue 32 (ADR 0052): the booking of a completed payment survives a SIGKILL between any two of its
 * steps. The billing service runs in a child process (testing/booking-crash.fixture.ts): a company buys the basic
 * plan and the process is killed right after the payment is stored as completed, after the period is bought,
 * after the invoice (before the e-mail) and after the e-mail; the provider never sends its notification again.
 * Started again on the same files, the service's sweep finishes the booking: exactly one period, one invoice, one
 * e-mail, and the payment booked.
 */
const FIXTURE = fileURLToPath(new URL('./testing/booking-crash.fixture.ts', import.meta.url));

function run(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; signal: string | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c) => (out += String(c)));
    child.stderr.on('data', (c) => (out += String(c)));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, out });
    });
  });
}

describe('a SIGKILL during the booking of a payment', () => {
  it.each(['completed', 'period', 'invoice', 'mail'])(
    'after „%s”: the restarted service books exactly one period, one invoice and one e-mail',
    async (step) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'punkto-booking-crash-'));
      const env = { DATA_DIR: dataDir, TENANT_ID: randomUUID() };
      try {
        const paid = await run(['pay', step], env);
        expect(paid.signal, paid.out).toBe('SIGKILL');
        expect(paid.out).toContain('TENANT');
        const recovered = await run(['recover'], { ...env, CLOCK_MINUTES: '10' });
        expect(recovered.code, recovered.out).toBe(0);
        const result = JSON.parse(recovered.out.trim().split('\n').at(-1)!);
        expect(result).toEqual({
          planId: 'basic',
          periods: 1,
          invoices: 1,
          mails: 1,
          payments: [['completed', 'booked']],
        });
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
