// The import boundaries .dependency-cruiser.mjs enforces and the files eslint.config.js treats as domain code. Derived from the directories, so a new service or feature is covered the day it is created.
// See docs/how-a-service-is-built.md, "Boundaries".
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dirs = (path) =>
  readdirSync(join(root, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== 'dist')
    .map((entry) => entry.name)
    .sort();

const either = (names) => `(${names.join('|')})`;

/** Services made of modules with their own build function (issue 29): folder names under `services/<name>/src/`. */
const SERVICE_MODULES = { notification: ['passes', 'messages', 'feedback'] };

/**
 * The import boundaries as dependency-cruiser rules (`.dependency-cruiser.mjs`): paths are the resolved files
 * relative to the repository root, so `@punkto/platform/…` counts as services/platform.
 * @returns {Array<{ name: string, comment: string, severity: 'error', from: object, to: object }>}
 */
export function boundaryRules() {
  const services = dirs('services').filter((name) => name !== 'platform');
  const rule = (name, comment, from, to) => ({ name, comment, severity: 'error', from, to });
  const rules = [];
  for (const service of services)
    rules.push(
      rule(
        `services-never-import-services (${service})`,
        'Services never import each other: they talk through the bus (integration events) or HTTP.',
        { path: `^services/${service}/` },
        { path: `^services/${either(services.filter((other) => other !== service))}/` },
      ),
    );
  rules.push(
    rule(
      'platform-knows-no-service',
      'The platform is shared by every service and knows none of them.',
      { path: '^services/platform/' },
      { path: `^(services/${either(services)}|gateway|web)/` },
    ),
    rule(
      'contracts-import-nothing-of-their-speakers',
      'Contracts are the shared language: they import nothing of the code that speaks it.',
      { path: '^contracts/' },
      { path: '^(services|gateway|web|scripts|deploy)/' },
    ),
    rule(
      'gateway-reaches-services-over-http',
      'The gateway reaches services over HTTP only.',
      { path: '^gateway/' },
      { path: `^(services/${either(services)}|web)/` },
    ),
    rule(
      'spa-imports-only-contracts',
      'The SPA imports only contracts from the server side.',
      { path: '^web/src/' },
      { path: '^(services|gateway|scripts|deploy)/' },
    ),
    rule(
      'shared-spa-code-knows-no-feature',
      'Shared SPA code (lib, components) never depends on a feature, a route or the app shell.',
      { path: '^web/src/(lib|components)/' },
      { path: '^web/src/(features|routes|app)/' },
    ),
    rule(
      'features-never-import-features',
      'Features never import features: move what two features share to web/src/lib or web/src/components.',
      { path: '^web/src/features/([^/]+)/' },
      { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    ),
    ...dirs('web/src/features/panel').map((sub) => {
      const allowed = [...PANEL_SHARED['*'], ...(PANEL_SHARED[sub] ?? [])];
      return rule(
        `panel-sub-features-stay-in-their-folder (${sub})`,
        'A panel sub-feature imports its own folder, shared SPA code and only the parts of other panel sub-features listed in PANEL_SHARED (scripts/lint/boundaries.js).',
        { path: `^web/src/features/panel/${sub}/` },
        {
          path: '^web/src/features/panel/',
          pathNot: [
            `^web/src/features/panel/${sub}/`,
            ...allowed.map((file) => `^web/src/features/panel/${file.replaceAll('.', '\\.')}\\.tsx?$`),
          ],
        },
      );
    }),
    ...Object.entries(SERVICE_MODULES).map(([service, modules]) =>
      rule(
        `service-modules-never-import-modules (${service})`,
        `${service}'s modules (${modules.join(', ')}) import nothing of each other nor the app that composes them: what they share lives beside them (e.g. shared/).`,
        { path: `^services/${service}/src/${either(modules)}/`, pathNot: '(/testing/|\\.spec\\.ts$)' },
        {
          path: `^services/${service}/src/(${either(modules)}/|app\\.ts$)`,
          pathNot: `^services/${service}/src/$1/`,
        },
      ),
    ),
    rule(
      'test-doubles-only-in-tests',
      "Fakes, recorders of tests and contract suites (`testing/` folders) serve tests only: application code never imports them (a port's `*.contract.ts` suite is test code too).",
      { path: '^services/[^/]+/src/', pathNot: '(/testing/|\\.spec\\.ts$|\\.contract\\.ts$)' },
      { path: '(^|/)testing/' },
    ),
    rule(
      'no-cycles',
      'No import cycles (lazy import() and type-only imports included): a cycle hides an ordering bug and a boundary not drawn.',
      {},
      { circular: true },
    ),
  );
  return rules;
}

/**
 * What a panel sub-feature (web/src/features/panel/<sub>/) may import from the others, file by file (paths under
 * web/src/features/panel/, no extension): `*` for every sub-feature, then per importing sub-feature. Anything else
 * of another sub-feature is its own; what several need belongs in web/src/lib or web/src/components.
 */
export const PANEL_SHARED = {
  '*': [
    // the panel's frame: who is signed in with which permissions, and the "company configured" query to refresh
    'shell/hooks/panel-session',
    'shell/api/tenant-configured',
    // the company's programs, which several screens filter or choose by
    'programs/api/list-programs',
  ],
  // the frame shows the subscription's banner and loads the subscription with a section
  shell: ['subscription/api/subscription', 'subscription/components/subscription-banner'],
  // the delete-company dialog shows the plan and the next charge that closing cancels (ADR 0047)
  settings: ['subscription/api/subscription', 'subscription/utils/pricing'],
  // a message's audience is chosen among the clients
  messages: ['clients/api/clients'],
  // the first-run wizard is made of the program editor and the company settings' fields
  setup: [
    'programs/api/save-program',
    'programs/components/program-editor',
    'programs/utils/program-form',
    'settings/api/update-tenant',
    'settings/components/card-preview',
    'settings/components/form-fields',
    'settings/utils/company-form',
  ],
};

/** Libraries and platform modules that are infrastructure: domain code imports none of them. */
export const INFRASTRUCTURE_MODULES = [
  'fastify',
  'fastify/*',
  'fastify-plugin',
  '@fastify/*',
  'better-sqlite3',
  'node:sqlite',
  'kafkajs',
  'mongodb',
  '@eventstore/*',
  'nodemailer',
  'undici',
  '@punkto/platform/http/*',
  '@punkto/platform/bus/*',
  '@punkto/platform/documents/*',
  '@punkto/platform/event-store/*',
  '@punkto/platform/blobs/*',
  '@punkto/platform/mail/*',
  '@punkto/platform/runtime/*',
  '@punkto/platform/relay/*',
  '@punkto/platform/scheduler/*',
];

/**
 * Domain files: deciders (`*.decider.ts`), rules (`*-rules.ts`) and the modules that define a stream's state and
 * its `evolve`. Paths relative to the repository root, as eslint's `files` wants them.
 */
export function domainFiles() {
  const found = [];
  const walk = (path) => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      if (name === 'node_modules' || name === 'dist' || name === 'testing') continue;
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.ts$/.test(name) && !/\.spec\.ts$/.test(name)) {
        const isDomain =
          /\.decider\.ts$|-rules\.ts$/.test(name) ||
          /export (function|const) evolve\b/.test(readFileSync(full, 'utf8'));
        if (isDomain) found.push(relative(root, full));
      }
    }
  };
  for (const service of dirs('services')) walk(join(root, 'services', service, 'src'));
  return found.sort();
}
