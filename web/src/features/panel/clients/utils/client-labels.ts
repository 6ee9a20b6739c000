import type { Client, ClientStatus } from '@punkto/contracts/clients';
import type { StatusTone } from '../../../../components/ui/status-badge';

/** Badge tone of a client status. */
export function clientStatusTone(status: ClientStatus): StatusTone {
  if (status === 'active') return 'positive';
  if (status === 'invited') return 'pending';
  return 'neutral';
}

/** How the client got into the program, in words. */
export const clientSourceLabels: Record<Client['source'], string> = {
  created: 'Dodany w panelu (nowe konto)',
  added: 'Dodany w panelu (istniejące konto)',
  self: 'Zapisał się sam (link lub kod QR)',
};
