import type { TenantConfig } from '../../config';
import { MfVatRegistry } from './mf-vat-registry';
import { OfflineVatRegistry } from './offline-vat-registry';
import type { VatRegistry } from './vat-registry.port';

/** The adapter VAT_REGISTRY selects (ADR 0035); the only place that knows there are two. */
export function selectVatRegistry(
  config: Pick<TenantConfig, 'VAT_REGISTRY' | 'VAT_REGISTRY_URL'>,
): VatRegistry {
  switch (config.VAT_REGISTRY) {
    case 'mf':
      return new MfVatRegistry({ baseUrl: config.VAT_REGISTRY_URL, timeoutMs: 3000 });
    case 'offline':
      return new OfflineVatRegistry();
    default: {
      const _exhaustive: never = config.VAT_REGISTRY;
      throw new Error(`unknown VAT_REGISTRY ${String(_exhaustive)}`);
    }
  }
}
