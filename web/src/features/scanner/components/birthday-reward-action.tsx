import { Button } from '@mantine/core';
import type { CardBirthdayReward } from '@punkto/contracts/birthdays';
import { useState } from 'react';
import { BirthdayRewardNote } from '../../../components/cards/birthday-reward-note';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

/**
 * The scanned card's birthday reward (ADR 0058) and its „Wydaj” button: free, once, within its dates. Shown
 * without the button to staff without the redeem permission and while offline (the server decides the window).
 */
export function BirthdayRewardAction({
  reward,
  canRedeem,
  pending,
  offline,
  onRedeem,
}: {
  reward: CardBirthdayReward;
  canRedeem: boolean;
  pending: boolean;
  offline: boolean;
  onRedeem: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const showButton = canRedeem && reward.redeemedAt === null;
  return (
    <>
      <BirthdayRewardNote reward={reward} audience="staff">
        {showButton ? (
          <Button
            size="sm"
            color="grape"
            onClick={() => setConfirming(true)}
            disabled={pending || offline || !reward.redeemable}
          >
            Wydaj nagrodę urodzinową
          </Button>
        ) : null}
      </BirthdayRewardNote>
      <ConfirmDialog
        opened={confirming}
        title={`Wydać nagrodę „${reward.name}”?`}
        confirmLabel="Tak, wydaj"
        danger={false}
        loading={pending}
        onConfirm={() => {
          setConfirming(false);
          onRedeem();
        }}
        onCancel={() => setConfirming(false)}
      >
        Nagroda urodzinowa nie kosztuje punktów ani pieczątek. Można ją wydać raz.
      </ConfirmDialog>
    </>
  );
}
