// Docker HEALTHCHECK: GET /healthz on this container's own port. No curl in the slim image, so Node does it.
// PORT wins; otherwise the default port of the module selected by SERVICES / APP (README's configuration table).
// With several modules in one container (SERVICES=all, ADR 0028), the gateway's when it runs, else the first's.
import { get } from 'node:http';

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
// node:http, not fetch: fetch refuses the WHATWG "bad ports" (PORT=10080, 6000, 6665–6669 …) without connecting,
// so a healthy container on one of them would be reported unhealthy and restarted
const req = get(`http://127.0.0.1:${port}/healthz`, { timeout: 2500 }, (res) => {
  res.resume();
  process.exit(res.statusCode >= 200 && res.statusCode < 300 ? 0 : 1);
});
req.on('timeout', () => req.destroy());
req.on('error', () => process.exit(1));
