import type { CardCommandResponse } from '@punkto/contracts/cards';
import type { ProgramRules } from '../programs/program-rules';
import { awardCounting, type AwardAnomaly } from './award-monitor';
import type { CardEvent, IssuedCard } from './card';
import { metadataOf, staffCommand } from './card-access';
import type { Actor, CardLedger } from './card-ledger';
import { commandResponse, type QueryDeps } from './card-queries';
import type { AddStamps, EarnPoints } from './card.decider';

/**
 * Points or stamps on a card of the caller's company (POST /cards/{id}/points-from-amount and /stamps), each
 * once per Idempotency-Key. ONE unit of work (ADR 0029): the event, the read model, the stored answer and the
 * employee's award counter (award-monitor.ts); then, if this award made the employee's window unusual, the
 * anomaly is recorded on the card — never blocking nor failing the award.
 */
export type AwardDeps = QueryDeps & Pick<CardLedger, 'execute' | 'keys' | 'catalogue' | 'config' | 'logger'>;

export interface AwardInput {
  cardId: string;
  actor: Actor;
  commandId: string;
  /** queued offline by the scanner at this moment (ADR 0048) */
  scannedAt?: string | undefined;
}

export async function earnPoints(
  deps: AwardDeps,
  input: AwardInput & { amountGrosze: number; serviceId?: string | undefined },
): Promise<CardCommandResponse> {
  const { actor, commandId } = input;
  return award(deps, input, async (card, rules, now): Promise<EarnPoints> => {
    const service = input.serviceId ? (await deps.catalogue.get(input.serviceId)).data : null;
    const fixedPoints =
      service && service.tenantId === card.tenantId && service.active ? service.fixedPoints : null;
    return {
      type: 'EarnPoints',
      data: {
        commandId,
        amountGrosze: input.amountGrosze,
        serviceId: input.serviceId ?? null,
        fixedPoints,
        employeeId: actor.userId,
        rules,
        cooldownMs: deps.config.SCAN_COOLDOWN_MS,
        scannedAt: input.scannedAt ?? null,
      },
      metadata: { now },
    };
  });
}

export async function addStamps(
  deps: AwardDeps,
  input: AwardInput & { count: number },
): Promise<CardCommandResponse> {
  return award(deps, input, async (_card, rules, now): Promise<AddStamps> => ({
    type: 'AddStamps',
    data: {
      commandId: input.commandId,
      count: input.count,
      employeeId: input.actor.userId,
      rules,
      cooldownMs: deps.config.SCAN_COOLDOWN_MS,
      scannedAt: input.scannedAt ?? null,
    },
    metadata: { now },
  }));
}

async function award(
  deps: AwardDeps,
  { cardId, actor }: AwardInput,
  build: (card: IssuedCard, rules: ProgramRules | null, now: Date) => Promise<EarnPoints | AddStamps>,
): Promise<CardCommandResponse> {
  const result = await deps.execute(
    cardId,
    staffCommand(deps, actor, build),
    {},
    // the answer is stored with the award itself (ADR 0029), built from what was decided; the employee's
    // counter is written with it
    async (decided) => {
      const answer = await commandResponse(
        deps,
        { ...decided, nextExpectedRevision: decided.firstRevision + decided.newEvents.length - 1 },
        decided.context ?? null,
      );
      const counting = countingOf(deps, (decided.newState as IssuedCard).tenantId, decided.newEvents);
      return {
        writes: [...deps.keys.answerWrites(answer), ...(counting ? [counting.write] : [])],
        outcome: { answer, anomaly: counting?.anomaly },
      };
    },
  );
  const rules = result.context ?? null;
  // no new event (a retry the card remembers): nothing was written, the key is finished as before
  if (!result.written) return commandResponse(deps, result, rules);
  deps.keys.answered();
  const anomaly = result.written.anomaly?.();
  if (anomaly) await recordAnomaly(deps, result.newState as IssuedCard, actor, anomaly);
  return result.written.answer;
}

/** the award's count in its employee's window, from the award event it appends */
function countingOf(deps: Pick<AwardDeps, 'config'>, tenantId: string, events: CardEvent[]) {
  const event = events.find((e) => e.type === 'PointsEarned' || e.type === 'StampsAdded');
  if (!event) return null;
  const { config } = deps;
  const monitor = {
    windowMinutes: config.ANOMALY_WINDOW_MINUTES,
    maxAwards: config.ANOMALY_MAX_AWARDS,
    maxPoints: config.ANOMALY_MAX_POINTS,
  };
  const counted =
    event.type === 'PointsEarned'
      ? { at: event.data.earnedAt, points: event.data.points, stamps: 0 }
      : { at: event.data.addedAt, points: 0, stamps: event.data.count };
  return awardCounting(
    {
      tenantId,
      employeeId: event.data.employeeId,
      at: new Date(counted.at),
      points: counted.points,
      stamps: counted.stamps,
    },
    monitor,
  );
}

/** the anomaly signal on the card; never fails the award it follows */
async function recordAnomaly(
  deps: Pick<AwardDeps, 'execute' | 'logger'>,
  card: IssuedCard,
  actor: Actor,
  anomaly: AwardAnomaly,
) {
  deps.logger.warn({ ...anomaly, cardId: card.cardId }, 'unusual award volume by one employee');
  try {
    await deps.execute(
      card.cardId,
      async (_card, now) => ({ command: { type: 'RecordAwardAnomaly', data: anomaly, metadata: { now } } }),
      metadataOf(actor, card),
    );
  } catch (error) {
    deps.logger.error({ err: error, cardId: card.cardId }, 'award monitor failed');
  }
}
