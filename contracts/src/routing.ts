import type { ServiceName } from './endpoint';

/**
 * The gateway's routing table (ARCHITECTURE §1): which service owns which `/api/v1` prefix.
 * Order matters — the first matching rule wins, so the two billing paths and the card history export under `/tenants/{id}` and the wallet
 * passes under `/cards/{id}` come first.
 * `pattern` is matched against the path without the query string.
 */
export const routingTable: ReadonlyArray<{ pattern: RegExp; service: Exclude<ServiceName, 'gateway'> }> = [
  {
    pattern: /^\/api\/v1\/tenants\/[^/]+\/(tenant-subscription|tenant-payment-method)(\/|$)/,
    service: 'billing',
  },
  // the card history export of a company is the card ledger's (the clients export stays the tenant's)
  { pattern: /^\/api\/v1\/tenants\/[^/]+\/exports\/transactions(\/|$)/, service: 'card-ledger' },
  // wallet passes of a card are the notification service's (ARCHITECTURE §1), before card-ledger's /cards
  {
    pattern: /^\/api\/v1\/cards\/[^/]+\/(create-apple-pass|create-google-pass)(\/|$)/,
    service: 'notification',
  },
  { pattern: /^\/api\/v1\/users(\/|$)/, service: 'identity' },
  { pattern: /^\/api\/v1\/tenants(\/|$)/, service: 'tenant' },
  { pattern: /^\/api\/v1\/permissions(\/|$)/, service: 'tenant' },
  // short enrolment links /k/<code> (ADR 0014)
  { pattern: /^\/api\/v1\/enrolment-links(\/|$)/, service: 'tenant' },
  { pattern: /^\/api\/v1\/(cards|customers|analytics)(\/|$)/, service: 'card-ledger' },
  { pattern: /^\/api\/v1\/(subscriptions|payments|payment-methods|invoices)(\/|$)/, service: 'billing' },
  { pattern: /^\/api\/v1\/surveys(\/|$)/, service: 'survey' },
  // passkit: Apple Wallet's web service; google-wallet: Google's signed callbacks
  { pattern: /^\/api\/v1\/(notifications|feedback|passkit|google-wallet)(\/|$)/, service: 'notification' },
];

/** Paths outside `/api/v1` the gateway proxies to a service by name (the rest outside `/api/v1` are its own). */
export const proxiedPaths = {
  '/.well-known/jwks.json': 'identity',
} as const satisfies Record<string, Exclude<ServiceName, 'gateway'>>;

export function ownerOf(path: string): Exclude<ServiceName, 'gateway'> | undefined {
  const pathname = path.split('?')[0] ?? path;
  return routingTable.find((rule) => rule.pattern.test(pathname))?.service;
}

/** Default local ports of `npm start`. */
export const defaultPorts: Record<ServiceName, number> = {
  gateway: 8080,
  identity: 8081,
  tenant: 8082,
  'card-ledger': 8083,
  billing: 8084,
  survey: 8085,
  notification: 8086,
};
