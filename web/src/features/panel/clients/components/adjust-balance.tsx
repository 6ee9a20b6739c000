import { Button, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  AdjustBalanceRequest,
  AdjustmentMessages,
  MAX_ADJUSTMENT,
  type CardView,
} from '@punkto/contracts/cards';
import { useRef, useState } from 'react';
import { z } from 'zod';
import { formatPoints, formatStamps } from '../../../../lib/format';
import { CorrectionReasonField } from './correction-reason-field';
import { useZodForm } from '../../../../lib/form/use-zod-form';
import { notify } from '../../../../lib/notify-instance';
import { useAdjustBalance } from '../api/clients';
import { ModalFormFooter } from '../../../../components/ui/modal-form-footer';
import { AppModal } from '../../../../components/ui/app-modal';

/** what the dialog asks: add or take away, how many (a positive count), and why */
const AdjustForm = z.object({
  direction: z.enum(['add', 'remove']),
  amount: z
    .number(AdjustmentMessages.delta)
    .int(AdjustmentMessages.delta)
    .min(1, AdjustmentMessages.delta)
    .max(MAX_ADJUSTMENT, AdjustmentMessages.delta),
  reason: AdjustBalanceRequest.shape.reason,
});
type Direction = z.infer<typeof AdjustForm>['direction'];

/**
 * „Korekta salda” on the client's card (permission „Ręczna korekta salda”, ADR 0050): points or stamps added or
 * taken away with a reason — shown in the client's history and the staff history, and on the wallet pass.
 */
export function AdjustBalanceAction({ card, clientId }: { card: CardView; clientId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        Korekta salda
      </Button>
      {open ? <AdjustBalanceDialog card={card} clientId={clientId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function AdjustBalanceDialog({
  card,
  clientId,
  onClose,
}: {
  card: CardView;
  clientId: string;
  onClose: () => void;
}) {
  const adjust = useAdjustBalance(card.cardId, clientId);
  const stamps = card.kind === 'stamps';
  const form = useZodForm(AdjustForm, {
    direction: 'add' as Direction,
    amount: '' as number | '',
    reason: '',
  });
  // one key per adjustment meant: the same one sent again (a retry after a lost answer) adjusts once, an edited one
  // after a refusal is a new request
  const sent = useRef<{ body: string; key: string } | null>(null);
  const keyFor = (body: object) => {
    const json = JSON.stringify(body);
    if (sent.current?.body !== json) sent.current = { body: json, key: crypto.randomUUID() };
    return sent.current.key;
  };
  const held = stamps ? formatStamps(card.stamps) : formatPoints(card.points);
  const submit = form.onSubmit(async ({ direction, amount, reason }) => {
    const body = { delta: direction === 'add' ? amount : -amount, reason };
    await adjust.mutateAsync({ body, idempotencyKey: keyFor(body) });
    notify.success(
      'Saldo karty poprawione. Klient zobaczy korektę w swojej historii i na karcie w telefonie.',
    );
    onClose();
  });
  return (
    <AppModal opened onClose={onClose} title="Korekta salda">
      <form onSubmit={submit} noValidate aria-label="Korekta salda">
        <Stack gap="md">
          <Text size="sm">Na karcie: {held}.</Text>
          <SegmentedControl
            aria-label="Rodzaj korekty"
            fullWidth
            data={[
              { value: 'add', label: stamps ? 'Dodaj pieczątki' : 'Dodaj punkty' },
              { value: 'remove', label: stamps ? 'Odejmij pieczątki' : 'Odejmij punkty' },
            ]}
            value={form.values.direction}
            onChange={(value) => form.setFieldValue('direction', value as Direction)}
          />
          <NumberInput
            label={stamps ? 'Ile pieczątek' : 'Ile punktów'}
            required
            min={1}
            max={MAX_ADJUSTMENT}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=" "
            name="amount"
            data-autofocus
            value={form.values.amount}
            error={form.errors.amount}
            onChange={(value) => form.setFieldValue('amount', typeof value === 'number' ? value : '')}
          />
          <CorrectionReasonField
            placeholder="np. Punkty z papierowej karty"
            value={form.values.reason}
            error={form.errors.reason}
            onChange={(event) => form.setFieldValue('reason', event.currentTarget.value)}
          />
          <Text size="sm" c="dimmed">
            Korekta zostanie w historii karty z powodem i tym, kto ją zapisał; klient zobaczy ją w swojej
            historii.
          </Text>
          <ModalFormFooter
            error={form.formError}
            onCancel={onClose}
            cancelLabel="Wróć"
            submitLabel="Zapisz korektę"
            submitting={form.submitting}
          />
        </Stack>
      </form>
    </AppModal>
  );
}
