import { Affix, Button, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useLocation } from '@tanstack/react-router';
import { aboveBanner } from '../../../lib/bottom-banner-space';
import { useLazyPart } from '../../../lib/use-lazy-part';
import { widgetSide } from '../utils/report-context';

/**
 * SPEC §2 bug-report widget: rendered by the root route for logged-in users only. A button (bottom-left on
 * `/`, bottom-right elsewhere) opens a form; the page and the browser are attached automatically, the user
 * context by the server. On wide screens it floats in the corner, beside the centred content; on phones, where
 * a floating button would lie over the content's own buttons, it is the last thing on the page. The form itself
 * (bug-report-dialog.tsx) loads when the button is pointed at, focused or pressed.
 */
export function BugReportWidget() {
  const { pathname } = useLocation();
  // pointed at, touched or focused: the dialog's code starts loading, so that a press usually finds it there
  const dialog = useLazyPart(
    () => import('./bug-report-dialog').then((module) => module.BugReportDialog),
    'Nie udało się otworzyć formularza zgłoszenia. Sprawdź połączenie i spróbuj ponownie.',
  );
  const side = widgetSide(pathname);
  const floating = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const button = (
    <Button
      onClick={dialog.open}
      {...dialog.intent}
      radius="xl"
      color="dark"
      aria-haspopup="dialog"
      style={floating ? { boxShadow: 'var(--mantine-shadow-md)' } : undefined}
    >
      Zgłoś błąd
    </Button>
  );

  return (
    <>
      {floating ? (
        <Affix
          position={{ bottom: aboveBanner('20px'), [side]: 20 }}
          zIndex={190}
          data-testid="bug-report-widget"
          data-side={side}
        >
          {button}
        </Affix>
      ) : (
        <Group
          justify={side === 'left' ? 'flex-start' : 'flex-end'}
          px="md"
          pb="md"
          data-testid="bug-report-widget"
          data-side={side}
        >
          {button}
        </Group>
      )}
      {/* the dialog's code comes when it is first wanted: pressed at once, it opens when that code is in */}
      {dialog.Part && <dialog.Part opened={dialog.opened} onClose={dialog.close} />}
    </>
  );
}
