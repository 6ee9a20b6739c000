import { Anchor, AppShell, Box, Burger, Container, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { AnchorLink, ButtonLink } from '../ui/link';

const HEADER_HEIGHT = 64;

function Logo() {
  return (
    <AnchorLink to="/" underline="never" c="inherit" aria-label="Punkto — strona główna">
      <Group gap={8} wrap="nowrap">
        <Box
          aria-hidden
          w={30}
          h={30}
          bg="punkto.8"
          style={{ borderRadius: 10, display: 'grid', placeItems: 'center' }}
        >
          <Box w={10} h={10} bg="white" style={{ borderRadius: '50%' }} />
        </Box>
        <Text fw={800} fz={22} lh={1} c="dark.8">
          Punkto
        </Text>
      </Group>
    </AnchorLink>
  );
}

function NavLinks({ onNavigate, vertical }: { onNavigate?: () => void; vertical?: boolean }) {
  const linkProps = {
    c: 'dark.6',
    fw: 500,
    underline: 'hover',
    onClick: onNavigate,
    activeProps: { c: 'punkto.8' },
    activeOptions: { exact: true, includeHash: true },
  } as const;
  const Wrapper = vertical ? Stack : Group;
  return (
    <Wrapper gap={vertical ? 'md' : 'lg'}>
      <AnchorLink to="/" {...linkProps}>
        Strona główna
      </AnchorLink>
      <AnchorLink to="/" hash="cennik" {...linkProps}>
        Cennik
      </AnchorLink>
      <AnchorLink to="/blog" {...linkProps} activeOptions={{ exact: false }}>
        Blog
      </AnchorLink>
      <AnchorLink to="/pomoc" {...linkProps}>
        Pomoc
      </AnchorLink>
    </Wrapper>
  );
}

function Footer({ extraLinks }: { extraLinks?: ReactNode }) {
  const year = new Date().getFullYear();
  return (
    <Box
      component="footer"
      mt="xl"
      py="xl"
      bg="gray.0"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Container size="lg">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" gap="lg">
            <Stack gap={4} maw={360}>
              <Text fw={700}>Punkto</Text>
              <Text size="sm" c="dimmed">
                Cyfrowe karty lojalnościowe w Apple i Google Wallet dla małych firm.
              </Text>
            </Stack>
            <Group gap="lg">
              <AnchorLink to="/pomoc" size="sm" c="dimmed">
                Pomoc
              </AnchorLink>
              <AnchorLink to="/regulamin" size="sm" c="dimmed">
                Regulamin
              </AnchorLink>
              <AnchorLink to="/blog" size="sm" c="dimmed">
                Blog
              </AnchorLink>
              <AnchorLink to="/status" size="sm" c="dimmed">
                Status usług
              </AnchorLink>
              {extraLinks}
            </Group>
          </Group>
          <Divider />
          <Text size="xs" c="dimmed">
            © {year} Punkto. Wszelkie prawa zastrzeżone.
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}

type AppLayoutProps = {
  children: ReactNode;
  /** the header's account area (the auth feature's user menu); defaults to "Zaloguj się" */
  account?: ReactNode;
  /** the same in the phone drawer; gets a callback that closes the drawer */
  mobileAccount?: (close: () => void) => ReactNode;
  /** more footer links from features (e.g. the cookie consent's "Ustawienia cookies") */
  footerLinks?: ReactNode;
};

/** Public header + footer around every page (the business and customer areas add their own sub-navigation). */
export function AppLayout({ children, account, mobileAccount, footerLinks }: AppLayoutProps) {
  const [menuOpened, menu] = useDisclosure(false);
  // The phone drawer (a portal with transitions) is built the first time the menu opens, not at start-up:
  // a page adopted from build-time markup has nothing more to render and re-render before it is usable.
  const [drawerBuilt, setDrawerBuilt] = useState(false);
  if (menuOpened && !drawerBuilt) setDrawerBuilt(true);

  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding={0}>
      <Anchor
        href="#main"
        pos="absolute"
        left={-9999}
        style={{ zIndex: 1000 }}
        onFocus={(e) => (e.currentTarget.style.left = '8px')}
        onBlur={(e) => (e.currentTarget.style.left = '-9999px')}
      >
        Przejdź do treści
      </Anchor>
      <AppShell.Header withBorder>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Logo />
            <Group gap="xl" visibleFrom="sm" component="nav" aria-label="Nawigacja główna">
              <NavLinks />
              {account ?? (
                <ButtonLink to="/zaloguj" size="sm">
                  Zaloguj się
                </ButtonLink>
              )}
            </Group>
            <Burger
              hiddenFrom="sm"
              opened={menuOpened}
              onClick={menu.toggle}
              aria-label={menuOpened ? 'Zamknij menu' : 'Otwórz menu'}
            />
          </Group>
        </Container>
      </AppShell.Header>

      {drawerBuilt && (
        <Drawer
          opened={menuOpened}
          onClose={menu.close}
          hiddenFrom="sm"
          position="right"
          size="80%"
          title="Menu"
          closeButtonProps={{ 'aria-label': 'Zamknij menu' }}
        >
          <Stack component="nav" aria-label="Nawigacja główna" gap="lg">
            <NavLinks vertical onNavigate={menu.close} />
            {mobileAccount ? (
              mobileAccount(menu.close)
            ) : (
              <ButtonLink to="/zaloguj" onClick={menu.close} fullWidth>
                Zaloguj się
              </ButtonLink>
            )}
          </Stack>
        </Drawer>
      )}

      <AppShell.Main id="main" style={{ display: 'flex', flexDirection: 'column' }}>
        {/* at least a screen tall: the footer starts below the fold, so content arriving after a spinner or a
            lazy chunk pushes nothing visible down (no layout shift) */}
        <Container
          size="lg"
          w="100%"
          px="md"
          style={{ flex: 1, minHeight: `calc(100dvh - ${HEADER_HEIGHT}px)` }}
        >
          {children}
        </Container>
        <Footer extraLinks={footerLinks} />
      </AppShell.Main>
    </AppShell>
  );
}
