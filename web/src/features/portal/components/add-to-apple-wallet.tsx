import { Button } from '@mantine/core';
import { applePassFileName } from '@punkto/contracts/passes';
import { notify } from '../../../lib/notify-instance';
import { useDownloadApplePass } from '../api/portal';
import { canAddToAppleWallet } from '../utils/wallet-device';

/** "Dodaj do Apple Wallet": the card as a pass, on devices that can take one (wallet-device.ts). */
export function AddToAppleWallet({ cardId, companyName }: { cardId: string; companyName: string }) {
  const download = useDownloadApplePass();
  if (!canAddToAppleWallet(navigator.userAgent)) return null;
  return (
    <Button
      color="dark"
      radius="md"
      fullWidth
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
