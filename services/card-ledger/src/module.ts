import { serviceModule } from '@punkto/platform/runtime/boot-service';
import { buildService, relayRoutes } from './app';
import { loadCardLedgerConfig } from './config';

/** The card-ledger service as a module a process hosts (its own `main.ts`, or several in one process: ADR 0028). */
export const cardLedgerModule = serviceModule({
  name: 'card-ledger',
  loadConfig: loadCardLedgerConfig,
  buildService,
  relayRoutes,
});
