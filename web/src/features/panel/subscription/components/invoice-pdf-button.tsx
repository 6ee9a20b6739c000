import { Button } from '@mantine/core';
import { notify } from '../../../../lib/notify-instance';
import { saveBlob } from '../../../../lib/save-blob';
import { invoiceFileName } from '../api/subscription';

/** „Pobierz PDF” of one invoice: `pdfOf` fetches it, the browser saves it as `Faktura-…pdf`; a failure is notified. */
export function InvoicePdfButton({
  invoice,
  pdfOf,
}: {
  invoice: { id: string; number: string };
  pdfOf: (invoiceId: string) => Promise<Blob>;
}) {
  const save = async () => {
    try {
      saveBlob(await pdfOf(invoice.id), invoiceFileName(invoice.number));
    } catch (error) {
      notify.fromError(error);
    }
  };
  return (
    <Button
      size="compact-sm"
      variant="light"
      onClick={() => void save()}
      aria-label={`Pobierz PDF faktury ${invoice.number}`}
    >
      Pobierz PDF
    </Button>
  );
}
