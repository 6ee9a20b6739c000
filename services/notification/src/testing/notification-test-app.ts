import { Roles, type Role } from '@punkto/contracts/permissions';
import { ACCESS_COOKIE } from '@punkto/platform/http/auth-plugin';
import { createLogger } from '@punkto/platform/observability/logger';
import { openInfrastructure } from '@punkto/platform/runtime/infrastructure';
import { eventMessage } from '@punkto/platform/testing/bus-message';
import { testTokens } from '@punkto/platform/testing/test-tokens';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildService } from '../app';
import { NotificationEnv } from '../config';

/**
 * Test harness: the notification service's real app on the real embedded adapters in a temp DATA_DIR,
 * access tokens signed by a local test key, and other services' events delivered to its own bus consumers
 * (the ConsumerSpecs main.ts runs) in the envelope the relays publish.
 */
export async function startNotification(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'punkto-notification-'));
  const config = NotificationEnv.parse({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const logger = createLogger('notification', 'silent');
  const infra = await openInfrastructure('notification', config, logger);
  const tokens = await testTokens();
  const built = await buildService({ config, logger, infra, jwks: tokens.jwks, clock: () => new Date() });
  await built.app.ready();
  const consumers = built.consumers ?? [];

  return {
    app: built.app,
    infra,
    dataDir,

    /** an event another service's relay published, handed to the consumer group that reads its topic */
    async deliver(topic: string, type: string, data: object, eventId: string = randomUUID()) {
      const consumer = consumers.find((c) => c.topics.includes(topic));
      if (!consumer) throw new Error(`no consumer of ${topic}`);
      await consumer.handler(eventMessage(topic, type, data, { id: eventId }));
      return eventId;
    },

    /** the session cookie of a signed-in person */
    async cookiesOf(userId: string, role: Role = Roles.customer) {
      return { [ACCESS_COOKIE]: await tokens.tokenFor({ id: userId, role }) };
    },

    async close() {
      await built.app.close();
      await infra.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type NotificationTestApp = Awaited<ReturnType<typeof startNotification>>;
