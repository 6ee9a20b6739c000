import { Button } from '@mantine/core';
import { IDEMPOTENCY_KEY_HEADER } from '@punkto/contracts/cards';
import { regenerateCard } from '@punkto/contracts/endpoints/cards';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api/api-client';
import { notify } from '../../lib/notify-instance';
import { ConfirmDialog } from '../ui/confirm-dialog';

/**
 * POST /cards/{id}/regenerate with a fresh Idempotency-Key per attempt (a double click of one attempt shares
 * the key through the mutation variables); `refresh` names the queries to fetch again afterwards.
 */
export function useRegenerateCard(refresh: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cardId, idempotencyKey }: { cardId: string; idempotencyKey: string }) =>
      api.call(regenerateCard, {
        params: { id: cardId },
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: refresh }),
  });
}

/**
 * A new number and QR code for a card (lost or copied), after a confirmation that says what stops working: the
 * customer's own in the portal, or staff's „Wymień kartę” on the client's page (permission „Wymiana karty
 * klienta”). Points, stamps and the level stay on the card.
 */
export function RegenerateCardAction({
  cardId,
  refresh,
  label,
  title,
  explanation,
}: {
  cardId: string;
  refresh: QueryKey;
  /** the button's and the confirmation's label */
  label: string;
  /** the confirmation's question */
  title: string;
  /** what the confirmation says happens */
  explanation: string;
}) {
  const [attempt, setAttempt] = useState<string | null>(null);
  const regenerate = useRegenerateCard(refresh);

  const confirm = () => {
    if (!attempt) return;
    regenerate.mutate(
      { cardId, idempotencyKey: attempt },
      {
        onSuccess: (result) => {
          setAttempt(null);
          notify.success(`Wygenerowano nową kartę. Nowy numer: ${result.humanReadableId}.`);
        },
        onError: (error) => notify.fromError(error),
      },
    );
  };

  return (
    <>
      <Button variant="subtle" color="gray" onClick={() => setAttempt(crypto.randomUUID())}>
        {label}
      </Button>
      <ConfirmDialog
        opened={attempt !== null}
        title={title}
        confirmLabel={label}
        onConfirm={confirm}
        onCancel={() => setAttempt(null)}
        loading={regenerate.isPending}
      >
        {explanation}
      </ConfirmDialog>
    </>
  );
}
