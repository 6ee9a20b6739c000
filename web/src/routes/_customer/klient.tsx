import { Outlet, createFileRoute } from '@tanstack/react-router';
import { SectionNav } from '../../components/layouts/section-nav';
import { ButtonLink } from '../../components/ui/link';

export const Route = createFileRoute('/_customer/klient')({
  component: CustomerLayout,
});

const sections = [
  { to: '/klient', label: 'Start', exact: true },
  { to: '/klient/karty', label: 'Moje karty', exact: false },
  { to: '/klient/historia', label: 'Historia', exact: false },
  { to: '/klient/wiadomosci', label: 'Wiadomości', exact: false },
  { to: '/klient/profil', label: 'Profil', exact: false },
  { to: '/klient/ustawienia', label: 'Ustawienia', exact: false },
] as const;

function CustomerLayout() {
  return (
    <>
      <SectionNav label="Strefa klienta">
        {sections.map((section) => (
          <ButtonLink
            key={section.to}
            to={section.to}
            size="compact-md"
            variant="subtle"
            color="gray"
            activeOptions={{ exact: section.exact }}
            activeProps={{ variant: 'light', color: 'punkto' }}
            style={{ flexShrink: 0 }}
          >
            {section.label}
          </ButtonLink>
        ))}
      </SectionNav>
      <Outlet />
    </>
  );
}
