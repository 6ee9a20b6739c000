import { EXPORT_TOTAL_COUNT_HEADER } from '@punkto/contracts/exports';

/**
 * Reading a streamed CSV export (contracts/src/exports.ts) with progress: the rows received are counted as the
 * bytes arrive (line ends outside quoted cells; the first line is the header) against the total the server
 * sent up front in `X-Total-Count`, and the file is kept as a Blob to be saved (saveBlob).
 */
export interface CsvProgress {
  rows: number;
  /** null when the server did not say */
  total: number | null;
}

const QUOTE = 0x22;
const LINE_FEED = 0x0a;

/** Counts the complete data rows of CSV bytes fed in any chunking (RFC 4180: line breaks in quotes are data). */
export function csvRowCounter() {
  let inQuotes = false;
  let lines = 0;
  return {
    push(chunk: Uint8Array): number {
      for (const byte of chunk) {
        if (byte === QUOTE) inQuotes = !inQuotes;
        else if (byte === LINE_FEED && !inQuotes) lines++;
      }
      return Math.max(0, lines - 1);
    },
  };
}

/** `X-Total-Count` of an export, or null. */
export function totalRowsOf(response: Response): number | null {
  const value = response.headers.get(EXPORT_TOTAL_COUNT_HEADER);
  return value && /^\d+$/.test(value) ? Number(value) : null;
}

/** The file name of `Content-Disposition: attachment; filename="klienci-2026-11-25.csv"`, else `fallback`. */
export function attachmentName(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="([^"/\\]+)"/.exec(header)?.[1] ?? fallback;
}

/** Reads the whole body, reporting the rows received after every chunk; the CSV as a Blob. */
export async function readCsv(
  response: Response,
  onProgress: (progress: CsvProgress) => void,
): Promise<Blob> {
  const total = totalRowsOf(response);
  const type = 'text/csv;charset=utf-8';
  onProgress({ rows: 0, total });
  if (!response.body) return new Blob([await response.arrayBuffer()], { type });
  const counter = csvRowCounter();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    onProgress({ rows: counter.push(value), total });
  }
  return new Blob(chunks, { type });
}
