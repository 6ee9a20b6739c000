import type { AutomationKind, AutomationSettingsInput } from '@punkto/contracts/message-automations';
import type { MarketingConsentWithdrawnData } from '@punkto/contracts/integration-events';
import { toStreamId } from '@punkto/contracts/events';
import type { Command, Decider } from '@punkto/platform/es/decider';

/**
 * The Automation aggregate (ADR 0060): one automatic message of one company (`welcome`, `reward_ready`,
 * `win_back`), stream `automation-<tenantId>.<kind>`. Pure. Its events are relayed to `notification.messages.v1`
 * like the campaigns': the owner's settings (company text, no person) and `MarketingConsentWithdrawn` when the
 * unsubscribe link of one of its e-mails is used (the tenant service records it on the clients).
 */
export const AUTOMATION_STREAM_PREFIX = 'automation-';
export const automationId = (tenantId: string, kind: AutomationKind) => `${tenantId}.${kind}`;
export const toAutomationStreamId = (id: string) => toStreamId('automation', id);

export type AutomationConfigured = {
  type: 'AutomationConfigured';
  data: Omit<AutomationSettingsInput, 'kind'> & {
    automationId: string;
    tenantId: string;
    kind: AutomationKind;
    configuredAt: string;
  };
};
export type AutomationConsentWithdrawn = {
  type: 'MarketingConsentWithdrawn';
  data: MarketingConsentWithdrawnData;
};
export type AutomationEvent = AutomationConfigured | AutomationConsentWithdrawn;

export type AutomationData = AutomationConfigured['data'] & {
  /** clients whose consent an e-mail of this automation withdrew (each counted once) */
  withdrawnClientIds: string[];
};
export type AutomationState = { status: 'none' } | ({ status: 'configured' } & AutomationData);

export const initialState = (): AutomationState => ({ status: 'none' });

export function evolve(state: AutomationState, event: AutomationEvent): AutomationState {
  switch (event.type) {
    case 'AutomationConfigured':
      return {
        status: 'configured',
        ...event.data,
        withdrawnClientIds: state.status === 'configured' ? state.withdrawnClientIds : [],
      };
    case 'MarketingConsentWithdrawn':
      if (state.status !== 'configured') return state;
      return { ...state, withdrawnClientIds: [...state.withdrawnClientIds, ...event.data.clientIds] };
  }
}

export type ConfigureAutomation = Command<
  'ConfigureAutomation',
  { tenantId: string; settings: AutomationSettingsInput }
>;
export type WithdrawAutomationConsent = Command<'WithdrawConsent', { clientIds: string[] }>;
export type AutomationCommand = ConfigureAutomation | WithdrawAutomationConsent;

const sameSettings = (state: AutomationData, s: AutomationSettingsInput) =>
  state.enabled === s.enabled &&
  state.title === s.title &&
  state.body === s.body &&
  state.channels.wallet === s.channels.wallet &&
  state.channels.email === s.channels.email &&
  state.days === s.days;

function configure(command: ConfigureAutomation, state: AutomationState): AutomationEvent[] {
  const { tenantId, settings } = command.data;
  // the days belong to the win-back alone
  const days = settings.kind === 'win_back' ? settings.days : null;
  const next = { ...settings, days };
  if (state.status === 'configured' && sameSettings(state, next)) return []; // saved again unchanged
  const { kind, ...rest } = next;
  return [
    {
      type: 'AutomationConfigured',
      data: {
        automationId: automationId(tenantId, kind),
        tenantId,
        kind,
        ...rest,
        configuredAt: command.metadata.now.toISOString(),
      },
    },
  ];
}

function withdrawConsent(command: WithdrawAutomationConsent, state: AutomationState): AutomationEvent[] {
  if (state.status === 'none') return [];
  const clientIds = command.data.clientIds.filter((id) => !state.withdrawnClientIds.includes(id));
  if (!clientIds.length) return []; // the same link again, or a retry after a crash
  return [
    {
      type: 'MarketingConsentWithdrawn',
      data: {
        campaignId: state.automationId,
        tenantId: state.tenantId,
        clientIds,
        withdrawnAt: command.metadata.now.toISOString(),
      },
    },
  ];
}

export function decide(command: AutomationCommand, state: AutomationState): AutomationEvent[] {
  switch (command.type) {
    case 'ConfigureAutomation':
      return configure(command, state);
    case 'WithdrawConsent':
      return withdrawConsent(command, state);
  }
}

export const automationDecider: Decider<AutomationState, AutomationCommand, AutomationEvent> = {
  decide,
  evolve,
  initialState,
};
