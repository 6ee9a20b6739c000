import { Button, Modal, Stack, Text } from '@mantine/core';
import { applePassFileName } from '@punkto/contracts/passes';
import { useState } from 'react';
import { notify } from '../../lib/notify-instance';
import { walletDeviceOf } from '../../lib/wallet-device';
import { useDownloadApplePass, useGoogleSaveLink } from '../../lib/wallet-passes';
import { CardQrCode } from '../ui/card-qr-code';

/** Black badges in the wallets' own style: a wallet glyph and the Polish call to action. */
const badge = { color: 'dark', radius: 'md', size: 'md', fullWidth: true } as const;

function WalletGlyph() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="2" y="5" width="20" height="15" rx="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M2 9h20" stroke="currentColor" strokeWidth="1.8" />
      <circle cx="17" cy="14" r="1.6" fill="currentColor" />
    </svg>
  );
}

function AddToAppleWallet({ cardId, companyName }: { cardId: string; companyName: string }) {
  const download = useDownloadApplePass();
  return (
    <Button
      {...badge}
      leftSection={<WalletGlyph />}
      loading={download.isPending}
      onClick={() =>
        download.mutate(
          { cardId, fileName: applePassFileName(companyName) },
          { onError: (error) => notify.fromError(error) },
        )
      }
    >
      Dodaj do Apple Wallet
    </Button>
  );
}

function SaveToGoogleWallet({ cardId }: { cardId: string }) {
  const link = useGoogleSaveLink();
  return (
    <Button
      {...badge}
      leftSection={<WalletGlyph />}
      loading={link.isPending}
      onClick={() => link.mutate({ cardId }, { onError: (error) => notify.fromError(error) })}
    >
      Zapisz w Google Wallet
    </Button>
  );
}

/** On a computer: a code the phone's camera opens, leading to the same cards, where the phone's wallet button is. */
function OpenOnPhone() {
  const [open, setOpen] = useState(false);
  const url = `${window.location.origin}/klient/karty`;
  return (
    <>
      <Button variant="subtle" color="gray" size="sm" onClick={() => setOpen(true)}>
        Dodaj na telefonie
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title="Dodaj kartę do portfela na telefonie"
        centered
      >
        <Stack align="center" gap="sm">
          <CardQrCode payload={url} label="Kod QR otwierający Moje karty na telefonie" />
          <Text size="sm" ta="center">
            Zeskanuj kod aparatem telefonu, zaloguj się tym samym kontem i dotknij „Dodaj do Apple Wallet”
            albo „Zapisz w Google Wallet”.
          </Text>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * The wallet buttons of one card, by device: Apple Wallet on iPhone and iPad, Google Wallet on Android, both
 * on a computer with a code that opens the page on the phone.
 */
export function WalletButtons({ cardId, companyName }: { cardId: string; companyName: string }) {
  const device = walletDeviceOf(navigator.userAgent);
  return (
    <Stack gap="xs" w="100%" maw={320}>
      {device !== 'google' ? <AddToAppleWallet cardId={cardId} companyName={companyName} /> : null}
      {device !== 'apple' ? <SaveToGoogleWallet cardId={cardId} /> : null}
      {device === 'computer' ? <OpenOnPhone /> : null}
    </Stack>
  );
}
