import type { ClientStatus } from '@punkto/contracts/clients';
import type { StatusTone } from '../../../../components/ui/status-badge';

/** Badge tone of a client status. */
export function clientStatusTone(status: ClientStatus): StatusTone {
  if (status === 'active') return 'positive';
  if (status === 'invited') return 'pending';
  return 'neutral';
}

export { clientSourceLabel } from '@punkto/contracts/clients';
