import { open, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Writes `body` to `target` so that a crash leaves either the old file or the new one, never a torn one:
 * write a temp file on the same file system, fsync it, rename it over the target, fsync the directory
 * (so the rename itself is durable).
 */
export async function writeFileAtomically(tempPath: string, target: string, body: Buffer): Promise<void> {
  const handle = await open(tempPath, 'w');
  try {
    await handle.writeFile(body);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(tempPath, target);
  } catch (error) {
    await unlink(tempPath).catch(() => undefined);
    throw error;
  }
  const dir = await open(dirname(target), 'r');
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}
