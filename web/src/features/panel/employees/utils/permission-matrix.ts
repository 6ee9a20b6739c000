import type { Permission } from '@punkto/contracts/permissions';

export type CatalogueEntry = { key: Permission; label: string; group: string };
export type PermissionGroup = { group: string; permissions: CatalogueEntry[] };

/** The catalogue grouped by `group`, groups and permissions in the catalogue's own order. */
export function groupCatalogue(catalogue: readonly CatalogueEntry[]): PermissionGroup[] {
  const groups = new Map<string, CatalogueEntry[]>();
  for (const entry of catalogue) {
    const list = groups.get(entry.group) ?? [];
    list.push(entry);
    groups.set(entry.group, list);
  }
  return [...groups].map(([group, permissions]) => ({ group, permissions }));
}

/**
 * The employee's permissions after ticking (`granted`) or unticking one checkbox: no duplicates, in the
 * catalogue's order (stable requests, easy to compare); unknown keys the server sent are kept.
 */
export function togglePermission(
  current: readonly Permission[],
  permission: Permission,
  granted: boolean,
  catalogue: readonly CatalogueEntry[],
): Permission[] {
  const set = new Set(current);
  if (granted) set.add(permission);
  else set.delete(permission);
  const order = new Map(catalogue.map((entry, index) => [entry.key, index]));
  return [...set].sort((a, b) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity));
}

type WithPermissions = { id: string; permissions: Permission[] };
type PageOf<T> = { items: T[] };

/** A cached page with one employee's permissions replaced (the optimistic update); other pages unchanged. */
export function withEmployeePermissions<T extends WithPermissions, P extends PageOf<T>>(
  page: P | undefined,
  employeeId: string,
  permissions: Permission[],
): P | undefined {
  if (!page || !page.items.some((item) => item.id === employeeId)) return page;
  return {
    ...page,
    items: page.items.map((item) => (item.id === employeeId ? { ...item, permissions } : item)),
  };
}

/** "3 z 14 uprawnień" for the phone cards' summary. */
export function permissionSummary(count: number, total: number): string {
  return `${count} z ${total} uprawnień`;
}

/** Who is changing permissions: their own user id and what they hold (an owner holds everything). */
export type PermissionViewer = { userId: string; permissions: ReadonlySet<Permission> };

/**
 * The server's rules for a manager who is not the owner, mirrored so the checkbox is disabled rather than
 * refused: nobody changes their own permissions, and a permission can be granted only by someone holding it
 * (taking it away, or keeping it, is always fine).
 */
export function canToggle(
  viewer: PermissionViewer,
  employee: { id: string; permissions: readonly Permission[] },
  permission: Permission,
): boolean {
  if (employee.id === viewer.userId) return false;
  return employee.permissions.includes(permission) || viewer.permissions.has(permission);
}
