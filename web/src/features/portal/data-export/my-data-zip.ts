import type { MyData } from './my-data';
import { myDataSummary } from './my-data-summary';

export const DATA_FILE = 'dane.json';
export const SUMMARY_FILE = 'podsumowanie.txt';

/**
 * The export's ZIP: `dane.json` (machine-readable) and `podsumowanie.txt` (for a person). fflate is loaded
 * only here, when someone asks for their data, so the portal's start-up bundle does not carry it.
 */
export async function myDataZip(data: MyData): Promise<Blob> {
  // zipSync, not the worker-based zip: a page's CSP need not allow blob: workers, and the files are small
  const { strToU8, zipSync } = await import('fflate');
  const files = {
    [DATA_FILE]: strToU8(`${JSON.stringify(data, null, 2)}\n`),
    [SUMMARY_FILE]: strToU8(myDataSummary(data)),
  };
  const bytes = zipSync(files, { mtime: new Date(data.exportedAt) });
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' });
}
