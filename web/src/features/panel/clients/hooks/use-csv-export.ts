import { useCallback, useRef, useState } from 'react';
import { errorMessage } from '../../../../lib/api/api-errors';
import { attachmentName, readCsv, type CsvProgress } from '../../../../lib/csv-download';
import { saveBlob } from '../../../../lib/save-blob';

export type CsvExportState =
  | { status: 'idle' }
  | { status: 'running'; progress: CsvProgress }
  | { status: 'done'; fileName: string; progress: CsvProgress }
  | { status: 'failed'; message: string };

const INTERRUPTED = 'Pobieranie pliku zostało przerwane. Sprawdź połączenie i spróbuj ponownie.';

/**
 * One CSV download at a time: `open` starts the export's request (api.open, the session's auth), the body is
 * read with progress, then saved under the server's file name. Failures become a Polish message.
 */
export function useCsvExport(fallbackName: string) {
  const [state, setState] = useState<CsvExportState>({ status: 'idle' });
  const running = useRef(false);

  const start = useCallback(
    async (open: () => Promise<Response>): Promise<boolean> => {
      if (running.current) return false;
      running.current = true;
      setState({ status: 'running', progress: { rows: 0, total: null } });
      try {
        const response = await open();
        let last: CsvProgress = { rows: 0, total: null };
        let blob: Blob;
        try {
          blob = await readCsv(response, (progress) => {
            last = progress;
            setState({ status: 'running', progress });
          });
        } catch {
          throw new Error(INTERRUPTED);
        }
        const fileName = attachmentName(response, fallbackName);
        saveBlob(blob, fileName);
        setState({ status: 'done', fileName, progress: last });
        return true;
      } catch (error) {
        setState({ status: 'failed', message: errorMessage(error) });
        return false;
      } finally {
        running.current = false;
      }
    },
    [fallbackName],
  );

  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, start, reset };
}
