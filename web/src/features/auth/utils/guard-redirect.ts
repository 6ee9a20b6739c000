import { redirect } from '@tanstack/react-router';
import type { GuardDecision } from './guards';

/** `/zaloguj?redirect=%2Fpanel` from a redirect decision. */
export function decisionHref(decision: Extract<GuardDecision, { type: 'redirect' }>): string {
  const search = new URLSearchParams(decision.search ?? {}).toString();
  return search ? `${decision.to}?${search}` : decision.to;
}

/** Throws the router redirect of a guard decision; returns when access is allowed. */
export function enforce(decision: GuardDecision): void {
  if (decision.type === 'redirect') throw redirect({ href: decisionHref(decision), replace: true });
}
