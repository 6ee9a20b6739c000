/**
 * Apple Push Notification service, as Wallet uses it: a push with an empty payload tells a device that one of
 * its passes changed (the device then asks the PassKit web service what changed). Adapters: the embedded
 * recorder (development, no Apple account) and HTTP/2 to APNs (production; tested against a local fake that
 * speaks the protocol).
 *
 * The answer of one push is reduced to what the caller does about it (WALLET.md's table):
 * - `sent`: done;
 * - `unregistered`: the token is dead since `since`: forget the device unless it registered again later;
 * - `bad-token`: the token was never valid: forget the device;
 * - `config-error`: topic, certificate or provider-token problem: an operator must act, retrying is useless;
 * - `retry-later`: APNs is busy or failing: retry with back-off.
 */
export type PushOutcome =
  | { outcome: 'sent'; apnsId?: string }
  | { outcome: 'unregistered'; since: Date }
  | { outcome: 'bad-token' }
  | { outcome: 'config-error'; reason: string }
  | { outcome: 'retry-later'; reason: string; retryAfterMs?: number };

export interface Apns {
  /** one push with payload `{}` to the pass type's topic */
  push(pushToken: string): Promise<PushOutcome>;
  close(): Promise<void>;
}

export interface RecordedPush {
  id: string;
  pushToken: string;
  topic: string;
  /** ISO time */
  at: string;
}

/** What the embedded adapter kept (the dev page). */
export interface ApnsRecords {
  /** newest first */
  listPushes(options?: { pushToken?: string; limit?: number }): Promise<RecordedPush[]>;
}

/** APNs device tokens are hexadecimal (32 bytes today; Apple allows them to grow up to 100). */
export const PUSH_TOKEN = /^[0-9a-f]{64,200}$/i;

export const isValidPushToken = (token: string): boolean => PUSH_TOKEN.test(token);

/** Apple's production host; pass pushes are never delivered by the sandbox (WALLET.md). */
export const APNS_PRODUCTION_URL = 'https://api.push.apple.com';

/** APNs refuses payloads over 4 KB. */
export const MAX_PAYLOAD_BYTES = 4096;
