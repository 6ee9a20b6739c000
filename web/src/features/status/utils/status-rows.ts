import type { PublicStatusResponse } from '@punkto/contracts/maintenance';

/** What a visitor is told about one service. `unknown`: the gateway did not answer, so nobody could ask. */
export type ServiceState = 'up' | 'down' | 'unknown';

export type StatusRow = {
  name: string;
  label: string;
  description: string;
  state: ServiceState;
  latencyMs?: number;
};

/** The gateway and the six services (ARCHITECTURE §1) as the status page names them, in this order. */
export const SERVICE_LABELS: Record<string, { label: string; description: string }> = {
  gateway: {
    label: 'Strona i API Punkto',
    description: 'Strona internetowa oraz połączenie aplikacji z pozostałymi usługami.',
  },
  identity: {
    label: 'Konta i logowanie',
    description: 'Rejestracja, logowanie, aktywacja kont i zmiana hasła.',
  },
  tenant: {
    label: 'Firmy i programy lojalnościowe',
    description: 'Dane firm, programy, nagrody, klienci i pracownicy w panelu.',
  },
  'card-ledger': {
    label: 'Karty i punkty',
    description: 'Karty w Apple Wallet i Google Wallet, przyznawanie punktów, historia i analityka.',
  },
  billing: {
    label: 'Subskrypcje i płatności',
    description: 'Plany, płatności i faktury firm.',
  },
  survey: {
    label: 'Ankiety',
    description: 'Ankiety po wizycie i ich wyniki.',
  },
  notification: {
    label: 'Powiadomienia i e-maile',
    description: 'Wiadomości e-mail (np. linki aktywacyjne) i powiadomienia dla klientów.',
  },
};

/** Polish badge text of a state. */
export const STATE_LABELS: Record<ServiceState, string> = {
  up: 'Działa',
  down: 'Niedostępna',
  unknown: 'Brak danych',
};

/**
 * One row per service for the page. With an answer: its states, known services first in SERVICE_LABELS
 * order, then any others by their own name. Without one (`reachable` false: the gateway could not be
 * reached): the gateway down and every service unknown — nothing can be said about them.
 */
export function toStatusRows(status: PublicStatusResponse | undefined, reachable: boolean): StatusRow[] {
  const known = Object.keys(SERVICE_LABELS);
  const describe = (name: string) => SERVICE_LABELS[name] ?? { label: name, description: '' };
  if (!reachable || !status) {
    return known.map((name) => ({
      name,
      ...describe(name),
      state: name === 'gateway' && !reachable ? 'down' : 'unknown',
    }));
  }
  const order = (name: string) => {
    const index = known.indexOf(name);
    return index === -1 ? known.length : index;
  };
  return [...status.services]
    .sort((a, b) => order(a.name) - order(b.name) || a.name.localeCompare(b.name))
    .map((service) => ({
      name: service.name,
      ...describe(service.name),
      state: service.status,
      latencyMs: service.latencyMs,
    }));
}

export type StatusSummary = 'all-up' | 'some-down' | 'unreachable' | 'checking';

export function summarize(rows: readonly StatusRow[], reachable: boolean, checked: boolean): StatusSummary {
  if (!checked) return 'checking';
  if (!reachable) return 'unreachable';
  return rows.every((row) => row.state === 'up') ? 'all-up' : 'some-down';
}
