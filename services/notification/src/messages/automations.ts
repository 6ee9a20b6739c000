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
import { cardsByPerson, returnedAfter } from './automation-rules';
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

/**
 * sent in the last 30 days (by Warsaw day), and of those people how many visited within 14 days after; reads the
 * cards of the people it reached only (at most the daily cap times 30), never the whole company's
 */
async function effectOf(
  ctx: MessagesContext,
  tenantId: string,
  kind: AutomationKind,
): Promise<AutomationEffect> {
  const since = addDays(warsawDate(ctx.clock()), -AUTOMATION_EFFECT_WINDOW_DAYS);
  const sends = await ctx.automationSends.find({ tenantId, kind, status: 'sent', sentDay: { $gt: since } });
  if (!sends.length) return { sent: 0, returned: 0 };
  const people = [...new Set(sends.map((s) => s.personKey))];
  const cards = cardsByPerson(await ctx.copies.cardsOfPeople(tenantId, people));
  const returned = sends.filter((s) => returnedAfter(s.sentDay!, cards.get(s.personKey) ?? [])).length;
  return { sent: sends.length, returned };
}

export async function listAutomations(ctx: MessagesContext, tenantId: string): Promise<AutomationList> {
  const automations = await Promise.all(
    AutomationKind.options.map(async (kind) =>
      toAutomation(
        kind,
        await ctx.automation(automationId(tenantId, kind)),
        await effectOf(ctx, tenantId, kind),
      ),
    ),
  );
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
  return toAutomation(settings.kind, await ctx.automation(id), await effectOf(ctx, tenantId, settings.kind));
}
