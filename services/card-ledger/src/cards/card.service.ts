import { cardCommands } from './card-commands';
import { createCardLedger, type CardServiceDeps } from './card-ledger';
import { cardQueries } from './card-queries';

export { cardIdFor, type Actor, type CardServiceDeps } from './card-ledger';

/**
 * The card ledger's application layer, built once per process (app.ts) and handed to the routes, the
 * consumer of the tenant's events and the maintenance job: card-commands.ts (what changes cards),
 * card-queries.ts (what staff and customers read), over card-ledger.ts (the Card aggregate, its read model
 * and projector, the cross-card stores). `tenantCopies` is what the consumer keeps up to date.
 */
export async function createCardService(deps: CardServiceDeps) {
  const ledger = await createCardLedger(deps);
  const queries = cardQueries(ledger);
  return {
    ...queries,
    ...cardCommands(ledger, queries),
    /** the copies of the tenant's programs, services, clients and companies (tenant-events.consumer.ts) */
    tenantCopies: { programs: ledger.programs, catalogue: ledger.catalogue, copies: ledger.copies },
    /** the active-customer seats and their limit (billing-events.consumer.ts sets the limit) */
    seats: ledger.seats,
    maintenance: ledger.maintenance,
    close: ledger.close,
  };
}

export type CardService = Awaited<ReturnType<typeof createCardService>>;
