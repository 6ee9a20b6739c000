// Docker HEALTHCHECK: GET /healthz on this container's own port. No curl in the slim image, so Node does it.
// PORT wins; otherwise the default port of the module selected by SERVICES / APP (README's configuration table).
// With several modules in one container (SERVICES=all, ADR 0028), the gateway's when it runs, else the first's.
const defaultPorts = {
  gateway: 8080,
  identity: 8081,
  tenant: 8082,
  'card-ledger': 8083,
  billing: 8084,
  survey: 8085,
  notification: 8086,
};
const selected = (process.env.SERVICES || process.env.APP || 'all').split(',').map((name) => name.trim());
const app = selected.includes('all') || selected.includes('gateway') ? 'gateway' : selected[0];
const port = process.env.PORT || defaultPorts[app] || 8080;
try {
  const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2500) });
  process.exit(res.ok ? 0 : 1);
} catch {
  process.exit(1);
}
