import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * Runs a TypeScript fixture in a child process (through tsx), calls `onLine` for each stdout line, and
 * SIGKILLs the child once `onLine` returns true. Resolves with every line seen.
 */
export function runUntilKilled(
  fixture: string,
  args: string[],
  onLine: (line: string) => boolean,
): Promise<string[]> {
  const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
  const child = spawn(process.execPath, [tsxCli, fixture, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let stderr = '';
  let buffer = '';
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        if (onLine(line) && child.exitCode === null) child.kill('SIGKILL');
      }
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) =>
      signal === 'SIGKILL'
        ? resolve(lines)
        : reject(new Error(`child exited on its own (${signal ?? _code}): ${stderr}`)),
    );
  });
}
