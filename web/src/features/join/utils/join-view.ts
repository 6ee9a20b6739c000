import { ClientErrors } from '@punkto/contracts/clients';
import { Roles } from '@punkto/contracts/permissions';
import type { UserProfile } from '@punkto/contracts/identity';

/**
 * What the enrolment page offers the person looking at it: an anonymous visitor logs in or registers as a
 * customer, a customer joins, a business account (owner, employee, operator) is told to use a customer account.
 */
export type JoinAudience = 'anonymous' | 'customer' | 'staff';

export function joinAudience(user: Pick<UserProfile, 'role'> | null): JoinAudience {
  if (!user) return 'anonymous';
  return user.role === Roles.customer ? 'customer' : 'staff';
}

/** After a join attempt: joined now, was already in the program, or a failure to show. */
export type JoinOutcome =
  { type: 'joined' } | { type: 'already-enrolled' } | { type: 'failed'; error: unknown };

export function joinOutcomeOf(error: unknown): JoinOutcome {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === ClientErrors.alreadyEnrolled.code
    ? { type: 'already-enrolled' }
    : { type: 'failed', error };
}

/** The enrolment page's own address, for "log in and come back here". */
export function joinPageHref(programId: string, tenantId: string): string {
  const search = new URLSearchParams({ program: programId, firma: tenantId });
  return `/dodaj-karte-do-portfela?${search.toString()}`;
}
