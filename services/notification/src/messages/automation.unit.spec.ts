import { deciderSpecification } from '@punkto/platform/es/decider-specification';
import { describe, it } from 'vitest';
import type { AutomationSettingsInput } from '@punkto/contracts/message-automations';
import {
  automationDecider,
  type AutomationCommand,
  type AutomationConfigured,
  type ConfigureAutomation,
} from './automation';

const spec = deciderSpecification(automationDecider);
const NOW = new Date('2026-11-26T10:00:00.000Z');
const settings = (over: Partial<AutomationSettingsInput> = {}): AutomationSettingsInput => ({
  kind: 'win_back',
  enabled: true,
  title: 'Tęsknimy!',
  body: 'Wpadnij do {firma}.',
  channels: { wallet: true, email: false },
  days: 30,
  ...over,
});
const configure = (over: Partial<AutomationSettingsInput> = {}) =>
  ({
    type: 'ConfigureAutomation',
    data: { tenantId: 't1', settings: settings(over) },
    metadata: { now: NOW },
  }) satisfies ConfigureAutomation;
const configured = (over: Partial<AutomationSettingsInput> = {}): AutomationConfigured => {
  const { kind, ...rest } = settings(over);
  return {
    type: 'AutomationConfigured',
    data: { automationId: `t1.${kind}`, tenantId: 't1', kind, ...rest, configuredAt: NOW.toISOString() },
  };
};
const withdraw = (clientIds: string[]): AutomationCommand => ({
  type: 'WithdrawConsent',
  data: { clientIds },
  metadata: { now: NOW },
});

describe('Automation', () => {
  it('records the owner’s settings', () => {
    spec.given([]).when(configure()).then([configured()]);
  });

  it('records nothing when saved again unchanged, and a change when switched off', () => {
    spec.given([configured()]).when(configure()).thenNothingHappens();
    spec
      .given([configured()])
      .when(configure({ enabled: false }))
      .then([configured({ enabled: false })]);
  });

  it('keeps no days for the kinds other than the win-back', () => {
    spec
      .given([])
      .when(configure({ kind: 'welcome', days: 30 }))
      .then([configured({ kind: 'welcome', days: null })]);
  });

  it('records a withdrawn consent once per client', () => {
    const withdrawn = {
      type: 'MarketingConsentWithdrawn' as const,
      data: { campaignId: 't1.win_back', tenantId: 't1', clientIds: ['k1'], withdrawnAt: NOW.toISOString() },
    };
    spec
      .given([configured()])
      .when(withdraw(['k1']))
      .then([withdrawn]);
    spec
      .given([configured(), withdrawn])
      .when(withdraw(['k1']))
      .thenNothingHappens();
    spec
      .given([])
      .when(withdraw(['k1']))
      .thenNothingHappens();
  });
});
