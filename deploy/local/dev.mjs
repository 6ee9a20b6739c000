// `npm run dev`: watch mode. Each service and the gateway run from TypeScript sources under `tsx watch`
// (restart on change), and Vite serves the SPA with HMR on :5173, proxying /api and /dev to the gateway.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');
const tsx = resolve(root, 'node_modules', '.bin', 'tsx');
const vite = resolve(root, 'node_modules', '.bin', 'vite');
const services = ['identity', 'tenant', 'card-ledger', 'billing', 'survey', 'notification'];
const colours = [36, 35, 33, 32, 34, 31, 37, 90];

const commands = [
  ...services.map((name) => ({
    name,
    cmd: tsx,
    args: ['watch', '--clear-screen=false', `services/${name}/src/main.ts`],
  })),
  {
    name: 'gateway',
    cmd: tsx,
    args: ['watch', '--clear-screen=false', 'gateway/src/main.ts'],
    env: { WEB_DIST_DIR: '' },
  },
  { name: 'web', cmd: vite, args: ['--config', 'web/vite.config.ts', 'web'] },
];

const children = [];
commands.forEach(({ name, cmd, args, env }, i) => {
  const child = spawn(cmd, args, {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const [stream, target] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    stream.on('data', (chunk) => {
      for (const line of String(chunk).split('\n').filter(Boolean))
        target.write(`\x1b[${colours[i]}m${name.padEnd(13)}\x1b[0m ${line}\n`);
    });
  }
  children.push(child);
});

console.log('\n  Tryb deweloperski: http://localhost:5173 (API przez bramę na :8080). Zatrzymanie: Ctrl-C\n');
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(0), 5000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
