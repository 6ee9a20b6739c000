import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  MAX_AMOUNT_GROSZE,
  MAX_AMOUNT_MESSAGE,
  type CardReward,
  type CardView,
} from '@punkto/contracts/cards';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api/api-errors';
import { formatPoints, formatStamps } from '../../../lib/format';
import { formatGrosze, groszeToInput } from '../../../lib/money';
import { notify } from '../../../lib/notify-instance';
import { activeServicesQueryOptions } from '../../../lib/queries/catalogue';
import { tenantQueryOptions } from '../../../lib/queries/tenant';
import { MAX_STAMPS_PER_AWARD, STAMPS_CONFIRM_ABOVE } from '@punkto/contracts/card-limits';
import { DEFAULT_AWARD_CONFIRM_ABOVE_GROSZE } from '@punkto/contracts/tenant-view';
import { Permissions, permissionCatalogue, type Permission } from '@punkto/contracts/permissions';
import { cardQueryOptions, isNetworkFailure, useCardCommand, type CardCommand } from '../api/cards';
import { awardLabel, formatSeenAt, type AwardBody } from '../offline/offline-queue';
import { useOfflineScanner } from '../offline/use-offline-scanner';
import { AMOUNT_FORMAT_MESSAGE, parseAmountToGrosze } from '../utils/scanner-input';
import { useActionKey } from './use-action-key';
import { BirthdayRewardAction } from './birthday-reward-action';
import { ExpiryNote } from '../../../components/cards/expiry-note';
import { formatPolish } from '@punkto/contracts/polish-number';
import { fullCardsText, stampCardReading } from '@punkto/contracts/stamp-card';

const REDEEM_OFFLINE_MESSAGE =
  'Nagrody wydasz po powrocie połączenia — do tego potrzebne jest aktualne saldo karty.';

function balanceText(card: CardView): string {
  if (card.kind !== 'stamps') return formatPoints(card.points);
  if (!card.stampsRequired) return formatStamps(card.stamps);
  // stamps beyond a full card start the next one: „7 pieczątek z 10 + 1 pełna karta”, never „17 z 10”
  const { current, fullCards } = stampCardReading(card.stamps, card.stampsRequired);
  const text = `${formatStamps(current)} z ${card.stampsRequired}`;
  return fullCards > 0 ? `${text} + ${fullCardsText(fullCards)}` : text;
}

function successMessage(
  command: CardCommand,
  before: CardView,
  after: CardView,
  rewardName?: string,
): string {
  if (command.kind === 'amount') {
    const earned = after.points - before.points;
    return `Dodano ${formatPoints(Math.max(earned, 0))}. Saldo: ${formatPoints(after.points)}`;
  }
  if (command.kind === 'stamps')
    return `Dodano ${formatStamps(command.count)}. Na karcie: ${balanceText(after)}`;
  if (command.kind === 'birthday') return `Wydano nagrodę urodzinową „${rewardName ?? ''}”.`;
  return `Wydano nagrodę „${rewardName ?? ''}”. Saldo: ${balanceText(after)}`;
}

const QUEUED_TITLE = 'Zapisano w kolejce';

/**
 * What the signed-in staff member may do on a card now (the session's permissions; the route passes them, and
 * they change when the session is refreshed after the owner changed them, ADR 0038).
 */
export type StaffActions = { award: boolean; redeem: boolean };

/**
 * Said instead of an action the person may not take (any more): the owner can take a permission away while the
 * scanner is open, and the app learns it with its next call (ADR 0038) — no form that only ends in a refusal.
 */
function MissingPermission({ permission }: { permission: Permission }) {
  const label = permissionCatalogue.find((p) => p.key === permission)?.label ?? permission;
  return (
    <Alert color="yellow" variant="light" title="Brak uprawnienia" data-testid={`missing-${permission}`}>
      Nie masz uprawnienia „{label}”. Jeśli go potrzebujesz, poproś właściciela firmy o jego nadanie.
    </Alert>
  );
}

function awardOf(command: CardCommand): AwardBody | null {
  if (command.kind === 'amount')
    return { kind: 'points', amountGrosze: command.amountGrosze, serviceId: command.serviceId };
  if (command.kind === 'stamps') return { kind: 'stamps', count: command.count };
  return null; // a reward needs the live balance: never queued
}

/**
 * The found card: who, balance, tier, rewards, and the award / redeem actions. `seenAt` is set when the card
 * comes from the cards seen recently (no connection): its balance is as it was then.
 */
export function CardPanel({
  initial,
  seenAt = null,
  tenantId,
  may,
  onClose,
}: {
  initial: CardView;
  seenAt?: number | null;
  tenantId: string;
  may: StaffActions;
  onClose: () => void;
}) {
  const query = useQuery({ ...cardQueryOptions(initial.cardId), initialData: initial, staleTime: 5_000 });
  const card = query.data;
  const command = useCardCommand(card.cardId);
  const actionKey = useActionKey();
  const offline = useOfflineScanner();
  const [inlineError, setInlineError] = useState<string | null>(null);
  const [queued, setQueued] = useState<string | null>(null);
  /** the reward waiting for the employee's confirmation: a reward handed out cannot be taken back */
  const [toRedeem, setToRedeem] = useState<CardReward | null>(null);
  const isStamps = card.kind === 'stamps';
  /** shown as it was when seen: nothing newer came from the server since */
  const cachedAt = seenAt !== null && query.dataUpdatedAt <= seenAt ? seenAt : null;
  const pendingHere = offline.queue.filter((e) => e.cardId === card.cardId).length;

  // the card as the server answered it (a refresh after the connection came back) is the newest seen
  const { isFetchedAfterMount, dataUpdatedAt } = query;
  const { rememberCards } = offline;
  useEffect(() => {
    if (isFetchedAfterMount) rememberCards([card]);
  }, [isFetchedAfterMount, dataUpdatedAt, card, rememberCards]);

  const queue = async (award: AwardBody, idempotencyKey: string) => {
    try {
      await offline.enqueue({
        cardId: card.cardId,
        cardNumber: card.humanReadableId,
        customerName: card.customerName,
        award,
        idempotencyKey,
      });
    } catch {
      const message =
        'Brak połączenia, a ta przeglądarka nie pozwoliła zapisać operacji. Przyznaj je po powrocie połączenia.';
      setInlineError(message);
      notify.error(message);
      return false;
    }
    actionKey.settled();
    const text = `${awardLabel(award)} — wyślemy automatycznie po powrocie połączenia.`;
    setQueued(text);
    notify.info(`${QUEUED_TITLE}: ${text}`);
    return true;
  };

  const run = async (cmd: CardCommand, fingerprint: string, rewardName?: string) => {
    if (command.isPending) return;
    setInlineError(null);
    setQueued(null);
    const idempotencyKey = actionKey.keyFor(`${card.cardId}|${fingerprint}`);
    const award = awardOf(cmd);
    // the browser knows there is no connection: straight to the queue
    if (award && typeof navigator !== 'undefined' && !navigator.onLine) return queue(award, idempotencyKey);
    try {
      const response = await command.mutateAsync({ command: cmd, idempotencyKey });
      actionKey.settled();
      offline.reportNetworkSuccess();
      offline.rememberCards([response.card]);
      notify.success(successMessage(cmd, card, response.card, rewardName));
      return true;
    } catch (error) {
      if (isNetworkFailure(error)) {
        offline.reportNetworkFailure();
        // the request may have reached the server: the queued award keeps this key, so it books once
        if (award) return queue(award, idempotencyKey);
      }
      actionKey.settled(error);
      const message = isNetworkFailure(error) && !award ? REDEEM_OFFLINE_MESSAGE : errorMessage(error);
      setInlineError(message);
      notify.error(message);
      return false;
    }
  };

  return (
    <Stack gap="md">
      <Card withBorder padding="lg" radius="md" component="section" aria-label="Karta klienta">
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start" wrap="nowrap" preventGrowOverflow={false}>
            <div style={{ flex: 1, minWidth: 0 }}>
              <Title order={2} size="h3">
                {card.customerName ?? 'Klient'}
              </Title>
              <Text size="sm" c="dimmed">
                {card.programName ?? 'Program lojalnościowy'} · karta{' '}
                <span data-testid="scanner-card-number">{card.humanReadableId}</span>
              </Text>
            </div>
            <Button variant="subtle" size="xs" onClick={onClose} style={{ flexShrink: 0 }}>
              Inna karta
            </Button>
          </Group>
          {cachedAt !== null ? (
            <Badge color="yellow" variant="light" tt="none" data-testid="scanner-card-cached">
              stan z {formatSeenAt(cachedAt, Date.now())}, bez połączenia
            </Badge>
          ) : null}
          {card.status === 'closed' ? (
            <Alert color="red" variant="light">
              Ta karta jest zamknięta.
            </Alert>
          ) : null}
          <Group gap="sm" align="baseline">
            <Text size="sm">Saldo:</Text>
            <Text fw={700} size="xl" data-testid="scanner-balance">
              {balanceText(card)}
            </Text>
          </Group>
          {card.expiry && card.status === 'active' ? (
            <ExpiryNote expiry={card.expiry} unit={card.kind === 'stamps' ? 'stamps' : 'points'} size="xs" />
          ) : null}
          {card.tier ? (
            <Group gap="xs">
              <Badge variant="light">Poziom: {card.tier.name}</Badge>
              {card.tier.multiplier !== 1 ? (
                <Text size="xs" c="dimmed">
                  mnożnik ×{formatPolish(card.tier.multiplier, { maximumFractionDigits: 2 })}
                </Text>
              ) : null}
            </Group>
          ) : null}
          {card.nextTier ? (
            <Text size="xs" c="dimmed">
              Do poziomu {card.nextTier.name} brakuje {formatPoints(card.nextTier.pointsToGo)}.
            </Text>
          ) : null}
        </Stack>
      </Card>

      {queued ? (
        <Alert color="yellow" variant="light" role="status" title={QUEUED_TITLE}>
          {queued}
          {pendingHere > 0 ? ` Dla tej karty w kolejce: ${pendingHere}.` : ''}
        </Alert>
      ) : null}

      {inlineError ? (
        <Alert color="red" variant="light" role="alert" title="Operacja nieudana">
          {inlineError}
        </Alert>
      ) : null}

      {card.status === 'active' && !may.award ? (
        <MissingPermission permission={Permissions.cardsAward} />
      ) : card.status === 'active' ? (
        isStamps ? (
          <StampsForm
            pending={command.isPending}
            onSubmit={(count) => run({ kind: 'stamps', count }, `stamps|${count}`)}
          />
        ) : (
          <AmountForm
            tenantId={tenantId}
            pending={command.isPending}
            onSubmit={(amountGrosze, serviceId) =>
              run({ kind: 'amount', amountGrosze, serviceId }, `amount|${amountGrosze}|${serviceId ?? ''}`)
            }
          />
        )
      ) : null}

      {card.birthdayReward && card.status === 'active' ? (
        <BirthdayRewardAction
          reward={card.birthdayReward}
          canRedeem={may.redeem}
          pending={command.isPending}
          offline={offline.offline}
          onRedeem={() =>
            void run(
              { kind: 'birthday' },
              `birthday|${card.birthdayReward?.year ?? ''}`,
              card.birthdayReward?.name,
            )
          }
        />
      ) : null}

      <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="scanner-rewards">
        <Stack gap="sm">
          <Title order={2} size="h4" id="scanner-rewards">
            Nagrody
          </Title>
          {offline.offline && card.rewards.length > 0 ? (
            <Text size="sm" c="dimmed">
              {REDEEM_OFFLINE_MESSAGE}
            </Text>
          ) : null}
          {card.rewards.length > 0 && !may.redeem ? (
            <MissingPermission permission={Permissions.cardsRedeem} />
          ) : null}
          {card.rewards.length === 0 ? (
            <Text size="sm" c="dimmed">
              Ten program nie ma jeszcze nagród.
            </Text>
          ) : (
            <Stack
              gap="sm"
              component="ul"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
              aria-label="Nagrody"
            >
              {card.rewards.map((reward) => (
                <RewardRow
                  key={reward.id}
                  reward={reward}
                  pending={command.isPending}
                  offline={offline.offline}
                  onRedeem={may.redeem ? () => setToRedeem(reward) : undefined}
                />
              ))}
            </Stack>
          )}
        </Stack>
      </Card>
      <ConfirmDialog
        opened={toRedeem !== null}
        title={`Wydać nagrodę „${toRedeem?.name ?? ''}”?`}
        confirmLabel="Tak, wydaj"
        danger={false}
        loading={command.isPending}
        onConfirm={() => {
          const reward = toRedeem;
          setToRedeem(null);
          if (reward) void run({ kind: 'redeem', rewardId: reward.id }, `redeem|${reward.id}`, reward.name);
        }}
        onCancel={() => setToRedeem(null)}
      >
        {toRedeem
          ? `Z karty zejdzie ${toRedeem.unit === 'stamps' ? formatStamps(toRedeem.cost) : formatPoints(toRedeem.cost)}.`
          : ''}
      </ConfirmDialog>
    </Stack>
  );
}

function RewardRow({
  reward,
  pending,
  offline,
  onRedeem,
}: {
  reward: CardReward;
  pending: boolean;
  offline: boolean;
  /** undefined without the permission to hand rewards out: no button */
  onRedeem: (() => void) | undefined;
}) {
  const cost = reward.unit === 'stamps' ? formatStamps(reward.cost) : formatPoints(reward.cost);
  return (
    <Card component="li" withBorder padding="sm" radius="md" aria-label={reward.name}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" preventGrowOverflow={false}>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600}>{reward.name}</Text>
          <Text size="sm" c="dimmed">
            Koszt: {cost}
          </Text>
          {offline ? null : reward.redeemable ? (
            <Text size="sm" c="green.8">
              Można wydać teraz
            </Text>
          ) : reward.blocker ? (
            <Text size="sm" c="red.8">
              {reward.blocker.message}
            </Text>
          ) : null}
        </Stack>
        {onRedeem ? (
          <Button
            size="sm"
            onClick={onRedeem}
            loading={pending}
            // a reward the card cannot pay for now is not offered: the reason shows beside it (issue 33)
            disabled={pending || offline || !reward.redeemable}
            style={{ flexShrink: 0 }}
          >
            Wydaj nagrodę
          </Button>
        ) : null}
      </Group>
    </Card>
  );
}

function AmountForm({
  tenantId,
  pending,
  onSubmit,
}: {
  tenantId: string;
  pending: boolean;
  onSubmit: (amountGrosze: number, serviceId: string | undefined) => Promise<boolean | undefined>;
}) {
  const services = useQuery(activeServicesQueryOptions(tenantId));
  const confirmAbove =
    useQuery(tenantQueryOptions(tenantId)).data?.awardConfirmAboveGrosze ??
    DEFAULT_AWARD_CONFIRM_ABOVE_GROSZE;
  const [amount, setAmount] = useState('');
  const [serviceId, setServiceId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** an unusually large amount waiting for the employee's confirmation (a typo like 4250 for 42,50) */
  const [toConfirm, setToConfirm] = useState<number | null>(null);

  const award = async (grosze: number) => {
    setToConfirm(null);
    if (await onSubmit(grosze, serviceId ?? undefined)) {
      setAmount('');
      setServiceId(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const grosze = parseAmountToGrosze(amount);
    if (grosze === null) {
      setError(AMOUNT_FORMAT_MESSAGE);
      return;
    }
    if (grosze > MAX_AMOUNT_GROSZE) {
      setError(MAX_AMOUNT_MESSAGE);
      return;
    }
    setError(null);
    if (grosze > confirmAbove) setToConfirm(grosze);
    else await award(grosze);
  };

  const options = (services.data ?? []).map((s) => ({
    value: s.id,
    label: `${s.name} (${groszeToInput(s.priceGrosze)} zł${s.fixedPoints ? `, ${formatPoints(s.fixedPoints)}` : ''})`,
  }));

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="scanner-award">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="scanner-award">
            Przyznaj punkty
          </Title>
          {options.length > 0 ? (
            <Select
              label="Usługa (opcjonalnie)"
              placeholder="Wybierz z cennika"
              data={options}
              value={serviceId}
              clearable
              searchable
              onChange={(value) => {
                setServiceId(value);
                const service = services.data?.find((s) => s.id === value);
                if (service) setAmount(groszeToInput(service.priceGrosze));
              }}
            />
          ) : null}
          <TextInput
            label="Kwota zakupu (zł)"
            placeholder="np. 42,50"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => {
              setAmount(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            size="md"
          />
          <Button type="submit" size="md" loading={pending} disabled={pending}>
            Przyznaj punkty
          </Button>
        </Stack>
      </form>
      <ConfirmDialog
        opened={toConfirm !== null}
        title="Czy kwota jest poprawna?"
        confirmLabel={`Tak, ${toConfirm === null ? '' : formatGrosze(toConfirm)}`}
        danger={false}
        loading={pending}
        onConfirm={() => void (toConfirm !== null && award(toConfirm))}
        onCancel={() => setToConfirm(null)}
      >
        {`Zakup na ${toConfirm === null ? '' : formatGrosze(toConfirm)} to więcej niż ${formatGrosze(confirmAbove)}. Sprawdź kwotę — grosze wpisuje się po przecinku, np. 42,50.`}
      </ConfirmDialog>
    </Card>
  );
}

function StampsForm({
  pending,
  onSubmit,
}: {
  pending: boolean;
  onSubmit: (count: number) => Promise<boolean | undefined>;
}) {
  const [count, setCount] = useState<number | string>(1);
  /** a count above STAMPS_CONFIRM_ABOVE waiting for staff to confirm it */
  const [toConfirm, setToConfirm] = useState<number | null>(null);
  const send = async (n: number) => {
    setToConfirm(null);
    if (await onSubmit(n)) setCount(1);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const n = typeof count === 'number' ? count : Number(count);
    if (!Number.isInteger(n) || n < 1 || n > MAX_STAMPS_PER_AWARD) return;
    if (n > STAMPS_CONFIRM_ABOVE) setToConfirm(n);
    else await send(n);
  };
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="scanner-stamps">
      <ConfirmDialog
        opened={toConfirm !== null}
        title={`Na pewno ${formatStamps(toConfirm ?? 0)}?`}
        confirmLabel={`Tak, dodaj ${formatStamps(toConfirm ?? 0)}`}
        danger={false}
        onConfirm={() => void send(toConfirm!)}
        onCancel={() => setToConfirm(null)}
      >
        Zwykle za jedną wizytę dodaje się jedną pieczątkę. Sprawdź liczbę, zanim ją dodasz.
      </ConfirmDialog>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="scanner-stamps">
            Dodaj pieczątki
          </Title>
          <NumberInput
            label="Liczba pieczątek"
            min={1}
            max={MAX_STAMPS_PER_AWARD}
            allowDecimal={false}
            allowNegative={false}
            value={count}
            onChange={setCount}
            size="md"
          />
          <Button type="submit" size="md" loading={pending} disabled={pending}>
            Dodaj pieczątki
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
