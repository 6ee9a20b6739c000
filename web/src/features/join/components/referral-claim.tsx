import { Alert, Text } from '@mantine/core';
import { ReferralErrors } from '@punkto/contracts/referrals';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { errorMessage, isApiError } from '../../../lib/api/api-errors';
import { formatPoints, formatStamps } from '../../../lib/format';
import { referralTargetQueryOptions, useClaimReferral } from '../api/referrals';
import { forgetPendingReferral, pendingReferralFor } from '../utils/pending-referral';

/**
 * After joining (join page): the invite this browser kept for the program goes to the new card once it is
 * issued, and the friend is told whether it counts (ADR 0061). Nothing is shown without a kept invite.
 */
export function ReferralClaim({ programId, cardId }: { programId: string; cardId: string | null }) {
  const claim = useClaimReferral();
  const started = useRef(false);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    const pending = pendingReferralFor(programId);
    if (!pending || !cardId || started.current) return;
    started.current = true;
    claim
      .mutateAsync({ code: pending.code, cardId })
      .then((answer) => setMessage(answer.message))
      .catch((error: unknown) =>
        // a failed claim is said too: the invite is forgotten either way
        setMessage(
          isApiError(error) && error.code === ReferralErrors.notFound.code
            ? ReferralErrors.notFound.message
            : `Nie udało się zapisać zaproszenia. ${errorMessage(error)}`,
        ),
      )
      .finally(forgetPendingReferral);
  }, [programId, cardId, claim]);

  if (!message) return null;
  return (
    <Text size="sm" fw={500} data-testid="referral-outcome">
      {message}
    </Text>
  );
}

/**
 * Before joining (join page): a friend who came by an invite link is told so, with the bonus of the first visit the
 * invite resolved to (ADR 0061). Nothing without a kept invite for this program, or while it is read.
 */
export function ReferralInviteNote({ programId }: { programId: string }) {
  const [pending] = useState(() => pendingReferralFor(programId));
  const target = useQuery({ ...referralTargetQueryOptions(pending?.code ?? ''), enabled: pending !== null });
  if (!pending || !target.data) return null;
  const { friendBonus, unit } = target.data;
  const bonus = unit === 'stamps' ? formatStamps(friendBonus) : formatPoints(friendBonus);
  return (
    <Alert color="grape" variant="light" title="Zaproszenie od znajomego" data-testid="referral-invite-note">
      {friendBonus > 0
        ? `Premia za dołączenie z zaproszenia: ${bonus} przy pierwszej wizycie.`
        : 'Dołączasz z zaproszenia znajomego.'}
    </Alert>
  );
}
