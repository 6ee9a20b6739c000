import type { Command } from '@punkto/platform/es/decider';
import type { ExpiryRule } from './expiry-rule';

/**
 * The nightly sweep's command on one card of a program with expiry on (ADR 0062): expire what is due `today`
 * (a Warsaw date) under the program's rule, then record the warning due, if any. Running it again the same day
 * decides nothing.
 */
export type ExpireBalance = Command<'ExpireBalance', { today: string; rule: ExpiryRule }>;
