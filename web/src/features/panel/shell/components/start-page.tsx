import { Alert, Card, Group, List, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Permissions } from '@punkto/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink, ButtonLink } from '../../../../components/ui/link';
import { PageHeader } from '../../../../components/ui/page-header';
import { errorMessage } from '../../../../lib/api/api-errors';
import { tenantQueryOptions } from '../../../../lib/queries/tenant';
import { tenantConfiguredDetailsQueryOptions } from '../api/tenant-configured';
import { usePanelSession } from '../hooks/panel-session';
import { checklistOf } from '../utils/checklist';
import { PassHealthCard } from './pass-health-card';
import { sectionsFor } from '../utils/permissions';

function Check({ done }: { done: boolean }) {
  return (
    <ThemeIcon
      size={22}
      radius="xl"
      color={done ? 'teal' : 'gray'}
      variant={done ? 'filled' : 'light'}
      aria-hidden
    >
      <svg width="12" height="12" viewBox="0 0 12 12" fill="none" stroke="currentColor" strokeWidth="2">
        {done ? <path d="M2 6.5 5 9l5-6" /> : <circle cx="6" cy="6" r="2.5" />}
      </svg>
    </ThemeIcon>
  );
}

function Checklist({ tenantId }: { tenantId: string }) {
  const { can } = usePanelSession();
  const configured = useQuery(tenantConfiguredDetailsQueryOptions(tenantId));
  const tenant = useQuery(tenantQueryOptions(tenantId));
  if (configured.isPending) return <Skeleton h={180} role="status" aria-label="Ładowanie listy kontrolnej" />;
  if (configured.isError)
    return (
      <Alert color="red" variant="light" title="Nie udało się sprawdzić konfiguracji">
        {errorMessage(configured.error)}
      </Alert>
    );
  const items = checklistOf(configured.data, tenant.data);
  const doneCount = items.filter((i) => i.done).length;
  const linkAllowed = (to: string) =>
    to === '/panel/ustawienia'
      ? can(Permissions.tenantSettings)
      : to.startsWith('/panel/programy')
        ? can(Permissions.programsManage)
        : true;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="checklist-title">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4" id="checklist-title">
            Konfiguracja konta
          </Title>
          <Text size="sm" c="dimmed">
            {doneCount} z {items.length} gotowe
          </Text>
        </Group>
        {configured.data.configured ? (
          <Text size="sm" c="punkto.8">
            Firma jest skonfigurowana — klienci mogą już zbierać punkty.
          </Text>
        ) : (
          <Text size="sm">Dokończ wymagane kroki, aby klienci mogli zapisywać się do programu.</Text>
        )}
        <List spacing="sm" listStyleType="none" p={0}>
          {items.map((item) => (
            <List.Item key={item.key} icon={<Check done={item.done} />}>
              <Text size="sm" fw={600} component="span">
                {item.label}
                <Text span c={item.done ? 'punkto.8' : 'dimmed'} fw={400}>
                  {item.done ? ' — gotowe' : ' — do zrobienia'}
                </Text>
              </Text>
              {!item.done && (item.hint || item.link) ? (
                <Text size="sm" c="dimmed">
                  {item.hint}{' '}
                  {item.link && linkAllowed(item.link.to) ? (
                    <AnchorLink to={item.link.to} size="sm" underline="always">
                      {item.link.label}
                    </AnchorLink>
                  ) : null}
                </Text>
              ) : null}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  );
}

function QuickLinks() {
  const { user } = usePanelSession();
  const sections = sectionsFor(user).filter((s) => s.to !== '/panel');
  if (sections.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="quick-links-title">
      <Title order={2} size="h4" id="quick-links-title">
        Na skróty
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {sections.map((section) => (
          <Card key={section.to} withBorder padding="md">
            <AnchorLink to={section.to} fw={600}>
              {section.label}
            </AnchorLink>
            <Text size="sm" c="dimmed" mt={4}>
              {section.description}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** /panel: greeting, the configuration checklist and links to the sections the person may open. */
export function PanelStartPage() {
  const { user, tenantId, isOwner, can } = usePanelSession();
  return (
    <Stack gap="lg">
      <PageHeader title="Panel firmy" description={`Witaj, ${user.username}!`} />
      {tenantId ? (
        <Checklist tenantId={tenantId} />
      ) : isOwner ? (
        <Alert color="yellow" variant="light" title="Firma nie jest jeszcze zarejestrowana">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">Podaj nazwę i NIP firmy, adres oraz utwórz pierwszy program lojalnościowy.</Text>
            <ButtonLink to="/uzupelnij-konto" size="sm">
              Uzupełnij konto
            </ButtonLink>
          </Stack>
        </Alert>
      ) : (
        <Alert color="yellow" variant="light" title="Konto nie jest przypisane do firmy">
          Poproś właściciela firmy o ponowne zaproszenie.
        </Alert>
      )}
      {tenantId && can(Permissions.analyticsView) ? <PassHealthCard tenantId={tenantId} /> : null}
      {tenantId ? <QuickLinks /> : null}
    </Stack>
  );
}
