import {
  AUTOMATION_DAILY_CAP,
  AUTOMATION_EFFECT_WINDOW_DAYS,
  AutomationKind,
  defaultAutomation,
  type Automation,
  type AutomationEffect,
  type AutomationList,
  type AutomationSettingsInput,
} from '@punkto/contracts/message-automations';
import { addDays, warsawDate } from '@punkto/contracts/warsaw-time';
import { automationId, type AutomationData } from './automation';
import { returnedAfter } from './automation-rules';
import type { MessageCard } from './message-copies';
import type { MessagesContext } from './messages-context';

/** The owner's automatic messages (ADR 0060): their settings (defaults until saved) and their effect. */
function toAutomation(
  kind: AutomationKind,
  data: AutomationData | null,
  effect: AutomationEffect,
): Automation {
  if (!data) return { ...defaultAutomation(kind), effect };
  return {
    kind,
    enabled: data.enabled,
    title: data.title,
    body: data.body,
    channels: data.channels,
    days: data.days,
    updatedAt: data.configuredAt,
    effect,
  };
}

/** sent in the last 30 days (by Warsaw day), and of those people how many visited within 14 days after */
async function effectOf(
  ctx: MessagesContext,
  tenantId: string,
  kind: AutomationKind,
  cardsOf: () => Promise<Map<string, MessageCard[]>>,
): Promise<AutomationEffect> {
  const since = addDays(warsawDate(ctx.clock()), -AUTOMATION_EFFECT_WINDOW_DAYS);
  const sends = await ctx.automationSends.find({ tenantId, kind, status: 'sent', sentDay: { $gt: since } });
  if (!sends.length) return { sent: 0, returned: 0 };
  const cards = await cardsOf();
  const returned = sends.filter((s) => returnedAfter(s.sentDay!, cards.get(s.personKey) ?? [])).length;
  return { sent: sends.length, returned };
}

export async function listAutomations(ctx: MessagesContext, tenantId: string): Promise<AutomationList> {
  let byPerson: Promise<Map<string, MessageCard[]>> | null = null;
  const cardsOf = () =>
    (byPerson ??= ctx.copies.cardsOfTenant(tenantId).then((cards) => {
      const map = new Map<string, MessageCard[]>();
      for (const card of cards) map.set(card.userId, [...(map.get(card.userId) ?? []), card]);
      return map;
    }));
  const automations: Automation[] = [];
  for (const kind of AutomationKind.options) {
    const [data, effect] = await Promise.all([
      ctx.automation(automationId(tenantId, kind)),
      effectOf(ctx, tenantId, kind, cardsOf),
    ]);
    automations.push(toAutomation(kind, data, effect));
  }
  return { automations, dailyCap: AUTOMATION_DAILY_CAP };
}

export async function saveAutomation(
  ctx: MessagesContext,
  tenantId: string,
  settings: AutomationSettingsInput,
): Promise<Automation> {
  const id = automationId(tenantId, settings.kind);
  await ctx.automations.run(
    id,
    { type: 'ConfigureAutomation', data: { tenantId, settings }, metadata: { now: ctx.clock() } },
    { tenantId },
  );
  const data = await ctx.automation(id);
  const effect = await effectOf(ctx, tenantId, settings.kind, async () => {
    const map = new Map<string, MessageCard[]>();
    for (const card of await ctx.copies.cardsOfTenant(tenantId))
      map.set(card.userId, [...(map.get(card.userId) ?? []), card]);
    return map;
  });
  return toAutomation(settings.kind, data, effect);
}
