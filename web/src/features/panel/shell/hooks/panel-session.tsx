import type { Permission } from '@punkto/contracts/permissions';
import type { UserProfile } from '@punkto/contracts/identity';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { canAccess, isOwner, permissionsOf } from '../utils/permissions';

export type PanelSession = {
  user: UserProfile;
  /** null while an owner has not registered the company yet */
  tenantId: string | null;
  isOwner: boolean;
  permissions: ReadonlySet<Permission>;
  /** `undefined` = anyone on the staff */
  can: (permission: Permission | undefined) => boolean;
};

const PanelSessionContext = createContext<PanelSession | null>(null);

/** Given by the panel shell (routes/_business/panel.tsx) from the signed-in person's profile. */
export function PanelSessionProvider({ user, children }: { user: UserProfile; children: ReactNode }) {
  const session = useMemo<PanelSession>(
    () => ({
      user,
      tenantId: user.tenantId,
      isOwner: isOwner(user),
      permissions: permissionsOf(user),
      can: (permission) => canAccess(user, permission),
    }),
    [user],
  );
  return <PanelSessionContext.Provider value={session}>{children}</PanelSessionContext.Provider>;
}

/** The signed-in staff member inside the panel: tenant id, permissions, `can(permission)`. */
export function usePanelSession(): PanelSession {
  const session = useContext(PanelSessionContext);
  if (!session) throw new Error('usePanelSession() outside the business panel');
  return session;
}
