/**
 * The public register of VAT payers (the Ministry of Finance's „Wykaz podatników VAT”, biała lista): what it
 * says about a NIP on a day (ADR 0035). Two adapters pass one contract suite (vat-registry.contract.ts):
 * `offline` (the default: no network, the checksum only) and `mf` (the registry's REST API).
 *
 * An adapter never throws for an unreachable or failing registry: it answers `not-checked` with the reason,
 * and the caller accepts the NIP as unverified — a registry outage must not stop a company signing up.
 */
export type VatRegistryAnswer =
  /** the registry lists the NIP; `statusVat`: „Czynny”, „Zwolniony”, „Niezarejestrowany” … as it says */
  | { outcome: 'registered'; name: string; statusVat: string }
  /** the registry answered and does not list the NIP */
  | { outcome: 'not-registered' }
  /** not a NIP at all (10 digits with a valid check digit): decided without asking anybody */
  | { outcome: 'invalid' }
  /** nobody was asked (offline) or the registry did not answer usefully in time */
  | { outcome: 'not-checked'; reason: string };

export interface VatRegistry {
  /** `nip`: 10 digits, no separators; `on`: the day the registry is asked about */
  lookUp(nip: string, on: Date): Promise<VatRegistryAnswer>;
}
