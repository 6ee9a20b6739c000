import { Card, Checkbox, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { employeeStatusLabels, type Employee } from '@punkto/contracts/employees';
import type { Permission } from '@punkto/contracts/permissions';
import { useMediaQuery } from '@mantine/hooks';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { notify } from '../../../../lib/notify-instance';
import { useUpdateEmployeePermissions } from '../api/employees';
import {
  canToggle,
  permissionSummary,
  togglePermission,
  type CatalogueEntry,
  type PermissionGroup,
  type PermissionViewer,
} from '../utils/permission-matrix';
import { employeeStatusTone } from '../utils/employee-status';
import { ScrollTable } from '../../../../components/ui/scroll-table';

type PermissionMatrixProps = {
  tenantId: string;
  viewer: PermissionViewer;
  employees: Employee[];
  catalogue: CatalogueEntry[];
  groups: PermissionGroup[];
};

/**
 * Who may do what: rows = employees, columns = permissions grouped as in the catalogue. Every tick saves at
 * once (optimistic, rolled back with the server's message on an error). Phones get one card per employee.
 */
export function PermissionMatrix({ tenantId, viewer, employees, catalogue, groups }: PermissionMatrixProps) {
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const update = useUpdateEmployeePermissions(tenantId);

  const toggle = (employee: Employee, permission: Permission, granted: boolean) => {
    const permissions = togglePermission(employee.permissions, permission, granted, catalogue);
    const label = catalogue.find((entry) => entry.key === permission)?.label ?? permission;
    update.mutate(
      { employeeId: employee.id, permissions },
      {
        onSuccess: () =>
          notify.success(
            granted ? `${employee.name}: nadano „${label}”.` : `${employee.name}: odebrano „${label}”.`,
          ),
        onError: (error) => notify.fromError(error),
      },
    );
  };

  const rows = employees.filter((employee) => employee.status !== 'removed');

  return (
    <Stack gap="sm" component="section" aria-labelledby="permission-matrix-title">
      <Title order={2} size="h3" id="permission-matrix-title">
        Uprawnienia
      </Title>
      <Text size="sm" c="dimmed">
        Zmiany zapisują się od razu. Pracownik zobaczy je po ponownym zalogowaniu lub najpóźniej w ciągu 30
        minut.
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Zaproś pracownika, aby nadać mu uprawnienia.
        </Text>
      ) : phone ? (
        <Stack gap="md">
          {rows.map((employee) => (
            <EmployeePermissionsCard
              key={employee.id}
              employee={employee}
              groups={groups}
              total={catalogue.length}
              viewer={viewer}
              onToggle={toggle}
            />
          ))}
        </Stack>
      ) : (
        <ScrollTable
          minWidth={240 + catalogue.length * 96}
          withTableBorder
          withColumnBorders
          verticalSpacing="xs"
          aria-label="Uprawnienia pracowników"
          head={
            <>
              <Table.Tr>
                <Table.Th rowSpan={2} scope="col" style={{ verticalAlign: 'bottom' }}>
                  Pracownik
                </Table.Th>
                {groups.map(({ group, permissions }) => (
                  <Table.Th key={group} colSpan={permissions.length} scope="colgroup" ta="center">
                    {group}
                  </Table.Th>
                ))}
              </Table.Tr>
              <Table.Tr>
                {catalogue.map((entry) => (
                  <Table.Th
                    key={entry.key}
                    scope="col"
                    ta="center"
                    fz="xs"
                    fw={500}
                    style={{ lineHeight: 1.25 }}
                  >
                    {entry.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </>
          }
        >
          {rows.map((employee) => (
            <Table.Tr key={employee.id}>
              <Table.Th scope="row" fw={500}>
                <Stack gap={2}>
                  <Text size="sm" fw={600}>
                    {employee.name}
                  </Text>
                  <StatusBadge size="xs" tone={employeeStatusTone(employee.status)}>
                    {employeeStatusLabels[employee.status]}
                  </StatusBadge>
                </Stack>
              </Table.Th>
              {catalogue.map((entry) => (
                <Table.Td key={entry.key} ta="center">
                  <Group justify="center">
                    <Checkbox
                      aria-label={`${entry.label} — ${employee.name}`}
                      checked={employee.permissions.includes(entry.key)}
                      disabled={!canToggle(viewer, employee, entry.key)}
                      onChange={(event) => toggle(employee, entry.key, event.currentTarget.checked)}
                    />
                  </Group>
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </ScrollTable>
      )}
    </Stack>
  );
}

function EmployeePermissionsCard({
  employee,
  groups,
  total,
  viewer,
  onToggle,
}: {
  employee: Employee;
  groups: PermissionGroup[];
  total: number;
  viewer: PermissionViewer;
  onToggle: (employee: Employee, permission: Permission, granted: boolean) => void;
}) {
  return (
    <Card withBorder padding="md" role="group" aria-label={`Uprawnienia: ${employee.name}`}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={600}>{employee.name}</Text>
          <StatusBadge size="sm" tone={employeeStatusTone(employee.status)}>
            {employeeStatusLabels[employee.status]}
          </StatusBadge>
        </Group>
        <Text size="xs" c="dimmed">
          {permissionSummary(employee.permissions.length, total)}
        </Text>
        <SimpleGrid cols={1} spacing="sm">
          {groups.map(({ group, permissions }) => (
            <Stack key={group} gap={6}>
              <Text size="sm" fw={600} c="dimmed">
                {group}
              </Text>
              {permissions.map((entry) => (
                <Checkbox
                  key={entry.key}
                  label={entry.label}
                  checked={employee.permissions.includes(entry.key)}
                  disabled={!canToggle(viewer, employee, entry.key)}
                  onChange={(event) => onToggle(employee, entry.key, event.currentTarget.checked)}
                />
              ))}
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
