import { Roles } from '@punkto/contracts/permissions';
import type { Infrastructure } from '@punkto/platform/runtime/infrastructure';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailTags } from '../mail/identity-mails';
import { argon2idHasher, type PasswordHasher } from '../security/password-hasher';
import { startIdentity, TEST_PASSWORD, type IdentityTestApp } from '../testing/identity-test-app';

/**
 * Issue 36: registering a taken address answered in 18.4 ms (median), a new one in 26.4 ms (20 of 21 pairs):
 * the same status and body, but the address was enumerable by timing. The new address's writes and its
 * activation e-mail ran before the answer, the taken address's notice after it. Now nothing that depends on
 * the address runs before the answer. (scripts/security/registration-timing.ts measures the medians.)
 */

/** Every event append and every e-mail waits while held: the real adapters, with a gate in front. */
function holdable() {
  let gate: Promise<void> | null = null;
  const gated = <T extends object>(target: T, method: keyof T): T =>
    new Proxy(target, {
      get(real, key) {
        const value = Reflect.get(real, key, real) as unknown;
        if (typeof value !== 'function') return value;
        if (key !== method) return value.bind(real);
        return async (...args: unknown[]) => {
          while (gate) await gate;
          return value.apply(real, args);
        };
      },
    });
  return {
    wrap: (real: Infrastructure): Infrastructure => ({
      ...real,
      eventStore: gated(real.eventStore, 'appendToStream'),
      mailer: gated(real.mailer, 'send'),
    }),
    /** holds them until the returned function is called */
    hold() {
      let release!: () => void;
      gate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
  };
}

/** the real argon2id hasher, counting its calls */
function countingHasher() {
  const real = argon2idHasher();
  const calls = { hash: 0, verify: 0, verifyNothing: 0 };
  const hasher: PasswordHasher = {
    hash: (password) => (calls.hash++, real.hash(password)),
    verify: (hash, password) => (calls.verify++, real.verify(hash, password)),
    verifyNothing: (password) => (calls.verifyNothing++, real.verifyNothing(password)),
  };
  return {
    hasher,
    calls,
    reset: () => Object.assign(calls, { hash: 0, verify: 0, verifyNothing: 0 }),
  };
}

const gate = holdable();
const counting = countingHasher();
let t: IdentityTestApp;
let taken: string;

beforeAll(async () => {
  t = await startIdentity(
    { RATE_LIMIT_REGISTER_PER_IP: '1000' },
    { infra: gate.wrap, hasher: counting.hasher },
  );
  taken = (await t.signedIn()).email;
});
afterAll(() => t.close());

const register = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/users/register',
    headers: { 'content-type': 'application/json' },
    payload: {
      email,
      password: TEST_PASSWORD,
      username: 'Ania Nowak',
      role: Roles.customer,
      acceptTerms: true,
    },
  });
const newAddress = () => `nowa.${Date.now()}.${Math.random().toString(36).slice(2)}@example.pl`;

/** the answer, or a failure if there is none within `ms` */
function answerWithin<T>(ms: number, answer: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms: ${what}`)), ms);
  });
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

describe('registering a taken and a new address: the same work before the answer', () => {
  it("answers a new address without waiting for the account's writes or its e-mail, as it answers a taken one", async () => {
    const fresh = newAddress();
    const release = gate.hold();
    let answers;
    try {
      answers = await answerWithin(
        3000,
        Promise.all([register(taken), register(fresh)]),
        'registration waited for a held event append or e-mail',
      );
    } finally {
      release();
    }
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(Object.keys(answers[0].json())).toEqual(['userId']);
    expect(Object.keys(answers[1].json())).toEqual(['userId']);

    // the work after the answer: the new address gets its activation link, the taken one a notice
    expect(await t.mails({ to: fresh, tag: MailTags.activation })).toHaveLength(1);
    expect(await t.mails({ to: taken, tag: MailTags.registrationAttempt })).toHaveLength(1);
    const { token } = await t.linkToken(fresh, MailTags.activation);
    const activated = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/activate-account',
      headers: { 'content-type': 'application/json' },
      payload: { token },
    });
    expect(activated.statusCode).toBe(200);
    // the id of the answer is the new account's
    expect((await t.app.identity.readUserStream(answers[1].json().userId))[0]?.type).toBe('UserRegistered');
  });

  it('hashes the password exactly once for either address (the real argon2id), and verifies nothing', async () => {
    for (const email of [taken, newAddress()]) {
      await t.app.identity.settled();
      counting.reset();
      expect((await register(email)).statusCode).toBe(201);
      await t.app.identity.settled();
      expect(counting.calls).toEqual({ hash: 1, verify: 0, verifyNothing: 0 });
    }
  });
});
