import { hostModules } from '@punkto/platform/runtime/host';
import { cardLedgerModule } from './module';

// composition root: the adapters are the ones the environment selects (runtime/infrastructure.ts); this
// process hosts the card-ledger service alone (server/main.ts hosts any set of modules in one process, ADR 0028)
await hostModules({ processName: 'card-ledger', modules: [{ module: cardLedgerModule, env: process.env }] });
