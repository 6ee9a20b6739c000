import { Box, List, Stack, Tabs, Text } from '@mantine/core';
import { MESSAGE_LOCK_SCREEN_VISIBLE } from '@punkto/contracts/messages';
import { warsawFormat } from '@punkto/contracts/warsaw-format';
import { lockScreenText } from '../utils/message-text';
import './message-previews.css';

type PreviewProps = {
  companyName: string;
  title: string;
  body: string;
  now: Date;
  /** false: no report counts the unsubscribes (an automatic message shows its reach and returns only) */
  unsubscribeReport?: boolean;
};

const clock = warsawFormat({ hour: 'numeric', minute: '2-digit' });
const longDay = warsawFormat({ weekday: 'long', day: 'numeric', month: 'long' });

const placeholderTitle = 'Tytuł wiadomości';
const placeholderBody = 'Tu pojawi się treść wiadomości.';

/**
 * How the message will look: the notice on an iPhone's lock screen (Apple Wallet shows our text, cut as the
 * phone cuts it), on Android (Google Wallet writes its own notice; the text is on the card) and the e-mail
 * (subject, text, the unsubscribe footer). Drawn in CSS only.
 */
export function MessagePreviews(props: PreviewProps) {
  return (
    <Tabs defaultValue="iphone" keepMounted={false}>
      <Tabs.List grow aria-label="Podgląd wiadomości">
        <Tabs.Tab value="iphone">iPhone</Tabs.Tab>
        <Tabs.Tab value="android">Android</Tabs.Tab>
        <Tabs.Tab value="email">E-mail</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="iphone" pt="md">
        <IphonePreview {...props} />
      </Tabs.Panel>
      <Tabs.Panel value="android" pt="md">
        <AndroidPreview {...props} />
      </Tabs.Panel>
      <Tabs.Panel value="email" pt="md">
        <EmailPreview {...props} />
      </Tabs.Panel>
    </Tabs>
  );
}

function LockScreen({
  kind,
  now,
  children,
}: {
  kind: 'ios' | 'android';
  now: Date;
  children: React.ReactNode;
}) {
  return (
    <div className={`msg-phone msg-phone--${kind}`}>
      {kind === 'android' ? (
        <div className="msg-phone__statusbar" aria-hidden>
          <span>{clock(now)}</span>
          <span>▾ ▮</span>
        </div>
      ) : null}
      <div className="msg-phone__clock" aria-hidden>
        {clock(now)}
      </div>
      <div className="msg-phone__date" aria-hidden>
        {longDay(now)}
      </div>
      {children}
    </div>
  );
}

function IphonePreview({ companyName, title, body, now }: PreviewProps) {
  const shown = lockScreenText(title, body);
  return (
    <Stack gap="sm">
      <LockScreen kind="ios" now={now}>
        <div
          className="msg-notice-ios"
          role="img"
          aria-label={`Powiadomienie na iPhonie: ${companyName}. ${shown.text || placeholderBody}`}
        >
          <div className="msg-wallet-icon" aria-hidden>
            <span />
            <span />
            <span />
            <span />
          </div>
          <div className="msg-notice-ios__body">
            <div className="msg-notice-ios__head">
              <div className="msg-notice__title">{companyName}</div>
              <div className="msg-notice-ios__time">teraz</div>
            </div>
            <div className="msg-notice__text" data-testid="iphone-notice-text">
              {shown.text || placeholderBody}
            </div>
          </div>
        </div>
      </LockScreen>
      <Text size="sm" c="dimmed">
        iPhone pokazuje na ekranie blokady tytuł i treść (z ikoną Portfela i nazwą firmy) — około{' '}
        {MESSAGE_LOCK_SCREEN_VISIBLE} pierwszych znaków. Całość zostaje na odwrocie karty w Portfelu, do
        następnej wiadomości.
      </Text>
    </Stack>
  );
}

function AndroidPreview({ companyName, title, body, now }: PreviewProps) {
  return (
    <Stack gap="sm">
      <LockScreen kind="android" now={now}>
        <div
          className="msg-notice-android"
          role="img"
          aria-label={`Powiadomienie Google Wallet o nowej wiadomości od ${companyName}`}
        >
          <div className="msg-notice-android__app">
            <span className="msg-gwallet-icon" aria-hidden />
            <span>Google Wallet · teraz</span>
          </div>
          <div className="msg-notice__title">{companyName}</div>
          <div className="msg-notice__text">Nowa wiadomość na Twojej karcie</div>
        </div>
        <div className="msg-pass" data-testid="android-card-message">
          <div className="msg-pass__company">{companyName}</div>
          <div className="msg-pass__label">Wiadomość</div>
          <div className="msg-notice__title">{title.trim() || placeholderTitle}</div>
          <div className="msg-pass__message">{body.trim() || placeholderBody}</div>
        </div>
      </LockScreen>
      <List size="sm" c="dimmed" spacing={4}>
        <List.Item>
          Na Androidzie treść powiadomienia pisze Google (ogólna informacja o nowej wiadomości na karcie) —
          pokazany tekst jest przykładowy. Twój tytuł i treść klient widzi po otwarciu karty.
        </List.Item>
        <List.Item>
          Google pozwala na najwyżej 3 powiadomienia na kartę dziennie (wliczając powiadomienia o zmianie
          punktów). Ponad ten limit wiadomość i tak trafi na kartę, ale bez powiadomienia.
        </List.Item>
      </List>
    </Stack>
  );
}

function EmailPreview({ companyName, title, body, unsubscribeReport = true }: PreviewProps) {
  return (
    <Stack gap="sm">
      <Box className="msg-email" data-testid="email-preview">
        <div className="msg-email__head">
          <Text fw={600}>Temat: {title.trim() || placeholderTitle}</Text>
        </div>
        <div className="msg-email__body">
          <Text fw={700} size="lg" mb="xs">
            {title.trim() || placeholderTitle}
          </Text>
          {body.trim() || placeholderBody}
          {'\n\n'}
          {companyName}
        </div>
        <div className="msg-email__footer">
          Otrzymujesz tę wiadomość, bo zgodziłeś(-aś) się na informacje marketingowe od {companyName} w
          programie lojalnościowym Punkto.
          <br />
          <span className="msg-email__unsubscribe">Wypisz się z wiadomości e-mail od {companyName}</span>
        </div>
      </Box>
      <Text size="sm" c="dimmed">
        E-mail dostaną tylko klienci, którzy zgodzili się na wiadomości marketingowe od Twojej firmy. Link w
        stopce wypisuje jednym kliknięciem, bez logowania
        {unsubscribeReport ? '; w raporcie zobaczysz, ile osób się wypisało.' : '.'}
      </Text>
    </Stack>
  );
}
