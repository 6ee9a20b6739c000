// `npm run dev`: watch mode. The gateway and the six services run in one process from TypeScript sources
// under `tsx watch` (server/main.ts, ADR 0028; the process restarts on a change), and Vite serves the SPA with
// HMR on :5173, proxying /api and /dev to the gateway.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');
const tsx = resolve(root, 'node_modules', '.bin', 'tsx');
const vite = resolve(root, 'node_modules', '.bin', 'vite');
const colours = [36, 90];

const commands = [
  {
    name: 'server',
    cmd: tsx,
    args: ['watch', '--clear-screen=false', 'server/main.ts'],
    env: { SERVICES: process.env.SERVICES ?? 'all', WEB_DIST_DIR: '' },
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
