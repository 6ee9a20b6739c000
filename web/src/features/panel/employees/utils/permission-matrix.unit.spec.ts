import { permissionCatalogue, type Permission } from '@punkto/contracts/permissions';
import { describe, expect, it } from 'vitest';
import { canToggle, groupCatalogue, togglePermission, withEmployeePermissions } from './permission-matrix';

describe('the permission matrix', () => {
  it('groups the catalogue by group, in the catalogue order', () => {
    const groups = groupCatalogue(permissionCatalogue);
    expect(groups.map((g) => g.group)).toEqual([
      'Karty',
      'Klienci',
      'Program lojalnościowy',
      'Firma',
      'Raporty',
      'Komunikacja',
    ]);
    expect(groups[0]!.permissions.map((p) => p.label)).toEqual([
      'Skanowanie kart klientów',
      'Przyznawanie punktów i pieczątek',
      'Wydawanie nagród',
      'Wymiana karty klienta',
      'Anulowanie błędnie przyznanych punktów i wydanych nagród',
      'Ręczna korekta salda (dodanie lub odjęcie punktów i pieczątek)',
    ]);
    // every permission appears exactly once
    expect(groups.flatMap((g) => g.permissions)).toHaveLength(permissionCatalogue.length);
  });

  it('ticking adds a permission once, in catalogue order; unticking removes it', () => {
    const start: Permission[] = ['clients.view'];
    const added = togglePermission(start, 'cards.scan', true, permissionCatalogue);
    expect(added).toEqual(['cards.scan', 'clients.view']);
    expect(togglePermission(added, 'cards.scan', true, permissionCatalogue)).toEqual(added);
    expect(togglePermission(added, 'clients.view', false, permissionCatalogue)).toEqual(['cards.scan']);
    expect(togglePermission([], 'cards.scan', false, permissionCatalogue)).toEqual([]);
  });

  it('replaces the permissions of one employee in a cached page (optimistic update)', () => {
    const page = {
      items: [
        { id: 'e1', name: 'Ola', permissions: [] as Permission[] },
        { id: 'e2', name: 'Jan', permissions: ['cards.scan'] as Permission[] },
      ],
      totalCount: 2,
    };
    const next = withEmployeePermissions(page, 'e1', ['clients.view']);
    expect(next?.items[0]).toEqual({ id: 'e1', name: 'Ola', permissions: ['clients.view'] });
    expect(next?.items[1]).toBe(page.items[1]);
    expect(page.items[0]!.permissions).toEqual([]); // the snapshot for a rollback stays intact
    expect(withEmployeePermissions(page, 'missing', ['cards.scan'])).toBe(page);
    expect(withEmployeePermissions(undefined, 'e1', [])).toBeUndefined();
  });
});

describe('who may tick which box', () => {
  const all = new Set(permissionCatalogue.map((p) => p.key));
  const owner = { userId: 'owner', permissions: all };
  const manager = { userId: 'm1', permissions: new Set<Permission>(['employees.manage', 'cards.scan']) };
  const ola = { id: 'e1', permissions: ['clients.view'] as Permission[] };

  it('an owner may change anything of anyone', () => {
    expect(canToggle(owner, ola, 'billing.manage')).toBe(true);
  });

  it('a manager grants only what they hold, may take away anything, and never edits themselves', () => {
    expect(canToggle(manager, ola, 'cards.scan')).toBe(true);
    expect(canToggle(manager, ola, 'analytics.view')).toBe(false);
    expect(canToggle(manager, ola, 'clients.view')).toBe(true); // held by Ola: may be removed
    expect(canToggle(manager, { id: 'm1', permissions: ['cards.scan'] }, 'cards.scan')).toBe(false);
  });
});
