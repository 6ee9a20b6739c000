// Writes OUT/ids.toml from OUT/seed.json: a schemathesis 4 config whose `parameters` fill path and query
// parameters with the seeded, real ids (the company, its program, service, employee, client, card, payment),
// so that generated requests reach resources that exist instead of answering 404 before any code runs.
// Optional filters (employeeId, clientId… in the query) stay generated: fixed, they would narrow every search.
// `{id}` names the company on most paths, but the card on /cards/{id}… and the payment on /payments/{id}…:
// per-operation settings take precedence over the global ones.
import { readFileSync, writeFileSync } from 'node:fs';

const out = process.env.OUT;
if (!out) throw new Error('OUT is required');
const { ids } = JSON.parse(readFileSync(`${out}/seed.json`, 'utf8'));
const toml = JSON.stringify; // a JSON string is a TOML basic string for these values

const global = {
  'path.id': ids.tenantId,
  'path.tenantId': ids.tenantId,
  'query.tenantId': ids.tenantId,
  'path.programId': ids.programId,
  'query.programId': ids.programId,
  'path.serviceId': ids.serviceId,
  'path.employeeId': ids.employeeId,
  'path.clientId': ids.clientId,
  'query.cardId': ids.cardId,
  'path.code': ids.shortCode,
};
const byPath = [
  ['^/api/v1/cards/\\{id\\}', { 'path.id': ids.cardId }],
  ['^/api/v1/payments/\\{id\\}', { 'path.id': ids.paymentId }],
];

const table = (entries) =>
  `{ ${Object.entries(entries)
    .map(([k, v]) => `${toml(k)} = ${toml(v)}`)
    .join(', ')} }`;
const lines = ['[parameters]', ...Object.entries(global).map(([k, v]) => `${toml(k)} = ${toml(v)}`), ''];
for (const [regex, parameters] of byPath)
  lines.push(
    '[[operations]]',
    `include-path-regex = ${toml(regex)}`,
    `parameters = ${table(parameters)}`,
    '',
  );
writeFileSync(`${out}/ids.toml`, lines.join('\n'));
