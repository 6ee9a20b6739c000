import type { UserProfile } from '@punkto/contracts/identity';

export type SessionPoller = {
  /** refreshes the session (GET /users/refresh) and answers the profile it carries */
  refresh: () => Promise<UserProfile | null>;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
};

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Refreshes the session until its profile satisfies `ready` (or the time is up). Needed after creating or
 * deleting a company: identity learns about it from the tenant service's event on the bus, a moment later, and
 * only then does a refreshed access token carry (or drop) `tid`. Answers the profile that was ready, or null.
 */
export async function waitForSession(
  poller: SessionPoller,
  ready: (user: UserProfile | null) => boolean,
  options: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<UserProfile | null | undefined> {
  const sleep = poller.sleep ?? realSleep;
  const now = poller.now ?? Date.now;
  const deadline = now() + (options.timeoutMs ?? 15_000);
  const interval = options.intervalMs ?? 400;
  for (;;) {
    const user = await poller.refresh().catch(() => undefined);
    if (user !== undefined && ready(user)) return user;
    if (now() + interval > deadline) return undefined;
    await sleep(interval);
  }
}
