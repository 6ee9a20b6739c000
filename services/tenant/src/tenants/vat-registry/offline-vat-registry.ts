import { isValidNip } from '@punkto/contracts/tenant';
import type { VatRegistry, VatRegistryAnswer } from './vat-registry.port';

/**
 * VAT_REGISTRY=offline (the default, and every machine without internet): nothing is asked; a NIP with a
 * valid check digit is `not-checked`, anything else `invalid`.
 */
export class OfflineVatRegistry implements VatRegistry {
  async lookUp(nip: string): Promise<VatRegistryAnswer> {
    if (!isValidNip(nip)) return { outcome: 'invalid' };
    return { outcome: 'not-checked', reason: 'offline' };
  }
}
