// The import boundaries eslint.config.js enforces (import-x/no-restricted-paths zones) and the files it treats as
// domain code. Derived from the directories, so a new service or feature is covered the day it is created.
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

/** @returns {Array<{ target: string, from: string | string[], except?: string[], message: string }>} */
export function boundaries() {
  const services = dirs('services').filter((name) => name !== 'platform');
  const features = dirs('web/src/features');
  const zones = [];
  for (const service of services)
    zones.push({
      target: `./services/${service}`,
      from: services.filter((other) => other !== service).map((other) => `./services/${other}`),
      message: 'Services never import each other: they talk through the bus (integration events) or HTTP.',
    });
  zones.push(
    {
      target: './services/platform',
      from: [...services.map((service) => `./services/${service}`), './gateway', './web'],
      message: 'The platform is shared by every service and knows none of them.',
    },
    {
      target: './contracts',
      from: ['./services', './gateway', './web', './scripts', './deploy'],
      message: 'Contracts are the shared language: they import nothing of the code that speaks it.',
    },
    {
      target: './gateway',
      from: [...services.map((service) => `./services/${service}`), './web'],
      message: 'The gateway reaches services over HTTP only.',
    },
    {
      target: './web/src',
      from: ['./services', './gateway', './scripts', './deploy'],
      message: 'The SPA imports only contracts from the server side.',
    },
    {
      target: ['./web/src/lib', './web/src/components'],
      from: ['./web/src/features', './web/src/routes', './web/src/app'],
      message: 'Shared SPA code (lib, components) never depends on a feature, a route or the app shell.',
    },
  );
  for (const feature of features)
    zones.push({
      target: `./web/src/features/${feature}`,
      from: './web/src/features',
      except: [`./${feature}`],
      message:
        'Features never import features: move what two features share to web/src/lib or web/src/components.',
    });
  return zones;
}

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
