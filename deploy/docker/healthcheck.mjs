// Docker HEALTHCHECK: GET /healthz on this container's own port. No curl in the slim image, so Node does it.
// PORT wins; otherwise the default port of the app selected by APP (README's configuration table).
const defaultPorts = {
  gateway: 8080,
  identity: 8081,
  tenant: 8082,
  'card-ledger': 8083,
  billing: 8084,
  survey: 8085,
  notification: 8086,
};
const port = process.env.PORT || defaultPorts[process.env.APP ?? 'gateway'] || 8080;
try {
  const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2500) });
  process.exit(res.ok ? 0 : 1);
} catch {
  process.exit(1);
}
