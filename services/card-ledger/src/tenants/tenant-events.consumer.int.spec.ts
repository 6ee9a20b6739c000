import type { EventEnvelope } from '@punkto/contracts/events';
import type { ClientEnrolledData } from '@punkto/contracts/integration-events';
import { Topics } from '@punkto/contracts/topics';
import type { Consumer } from '@punkto/platform/bus/message-bus.port';
import { everyMessageConsumed } from '@punkto/platform/testing/bus-consumed';
import { createLogger } from '@punkto/platform/observability/logger';
import { startEventRelay, toMessage } from '@punkto/platform/relay/event-relay';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relayRoutes } from '../app';
import { cardIdFor } from '../cards/card-ledger';
import { aProgramDefinition } from '../testing/mothers';
import { startCardLedger, type CardLedgerTestApp } from '../testing/card-ledger-test-app';

/**
 * Through the real embedded bus (DATA_DIR/bus.db): the tenant's events published as the tenant's relay
 * would, consumed by the card ledger's own ConsumerSpec (what main.ts runs), and the card's events
 * published by the card ledger's relay on cardledger.cards.v1.
 */
let t: CardLedgerTestApp;
let consumer: Consumer;
/** what the card ledger's relay published on cardledger.cards.v1 */
const published: EventEnvelope[] = [];
let listener: Consumer;
let relay: { stop(): Promise<void> };
beforeAll(async () => {
  t = await startCardLedger();
  consumer = await t.infra.bus.subscribe({ ...t.consumer });
  listener = await t.infra.bus.subscribe({
    groupId: `test-${randomUUID()}`,
    topics: [Topics.cardLedgerCards],
    handler: async (message) => void published.push(message.value as EventEnvelope),
  });
  relay = startEventRelay({
    eventStore: t.infra.eventStore,
    bus: t.infra.bus,
    checkpoints: t.infra.checkpoints,
    routes: relayRoutes,
    logger: createLogger('card-ledger', 'silent'),
  });
});
afterAll(async () => {
  await relay?.stop();
  await listener?.stop();
  await consumer?.stop();
  await t?.close();
});
const publishedOf = (cardId: string, type: string) =>
  published.find((e) => e.aggregateId === cardId && e.type === type);

const envelope = (type: string, data: { tenantId: string }, id = randomUUID()): EventEnvelope => ({
  id,
  type,
  schemaVersion: 1,
  occurredAt: new Date().toISOString(),
  tenantId: data.tenantId,
  aggregateId: randomUUID(),
  correlationId: id,
  causationId: null,
  traceparent: null,
  data,
});

describe('tenant events on the bus → cards', () => {
  it('a ClientEnrolled delivered twice (same event) issues one card, published on cardledger.cards.v1', async () => {
    const tenantId = `t-${randomUUID()}`;
    const program = aProgramDefinition({ programId: randomUUID(), tenantId });
    const clientId = randomUUID();
    const enrolled: ClientEnrolledData = {
      clientId,
      tenantId,
      programId: program.programId,
      userId: randomUUID(),
      email: 'ola@example.pl',
      name: 'Ola',
      phone: null,
      source: 'self',
      companyName: 'Piekarnia',
      programName: program.name,
      marketingConsent: false,
      enrolledAt: new Date().toISOString(),
    };
    const event = envelope('ClientEnrolled', enrolled);
    await t.infra.bus.publish(Topics.tenantPrograms, [toMessage(envelope('ProgramDefined', program))]);
    await t.infra.bus.publish(Topics.tenantClients, [toMessage(event), toMessage(event)]);
    await t.infra.bus.publish(Topics.tenantClients, [toMessage(event)]);

    const cardId = cardIdFor(clientId);
    await expect.poll(async () => (await t.events(cardId)).length, { timeout: 10_000 }).toBe(1);
    // once every redelivery has been handled, check again
    await everyMessageConsumed(t.infra.bus, [t.consumer]);
    expect((await t.events(cardId)).map((e) => e.type)).toEqual(['CardIssued']);

    await expect
      .poll(() => publishedOf(cardId, 'CardIssued'), { timeout: 10_000 })
      .toMatchObject({
        type: 'CardIssued',
        tenantId,
        causationId: event.id,
        data: { cardId, clientId, userId: enrolled.userId, secretVersion: 1 },
      });
  });
  it("a phone-only client's ClientAccountLinked moves the card: CardHolderLinked published on cardledger.cards.v1", async () => {
    const tenantId = `t-${randomUUID()}`;
    const program = aProgramDefinition({ programId: randomUUID(), tenantId });
    const clientId = randomUUID();
    const client = { clientId, tenantId, programId: program.programId };
    const enrolled: ClientEnrolledData = {
      ...client,
      userId: null,
      email: null,
      name: 'Olena',
      phone: '+380501234567',
      source: 'created',
      companyName: 'Piekarnia',
      programName: program.name,
      marketingConsent: false,
      enrolledAt: new Date().toISOString(),
    };
    const userId = randomUUID();
    const linkedData = { ...client, userId, linkedAt: new Date().toISOString() };
    const linked = envelope('ClientAccountLinked', linkedData);
    await t.infra.bus.publish(Topics.tenantPrograms, [toMessage(envelope('ProgramDefined', program))]);
    await t.infra.bus.publish(Topics.tenantClients, [toMessage(envelope('ClientEnrolled', enrolled))]);
    await t.infra.bus.publish(Topics.tenantClients, [toMessage(linked), toMessage(linked)]);

    const cardId = cardIdFor(clientId);
    await expect.poll(async () => (await t.events(cardId)).length, { timeout: 10_000 }).toBe(2);
    await everyMessageConsumed(t.infra.bus, [t.consumer]);
    expect((await t.events(cardId)).map((e) => e.type)).toEqual(['CardIssued', 'CardHolderLinked']);

    await expect
      .poll(() => publishedOf(cardId, 'CardHolderLinked'), { timeout: 10_000 })
      .toMatchObject({
        tenantId,
        causationId: linked.id,
        data: { cardId, clientId, userId, previousHolder: `client:${clientId}` },
      });
  });
});
