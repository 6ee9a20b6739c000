import { spawn } from 'node:child_process';

/**
 * Runs a TypeScript fixture in a child process, calls `onLine` for each stdout line, and SIGKILLs the child
 * once `onLine` returns true. Resolves with every line seen. The fixture runs in THIS child (`node --import
 * tsx`), not under the tsx CLI, which would spawn a grandchild that SIGKILL of the CLI leaves running.
 */
export function runUntilKilled(
  fixture: string,
  args: string[],
  onLine: (line: string) => boolean,
): Promise<string[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
