/** What a closed card's pass says, by why it closed (the portal says the same: card ledger's card-views.ts). */
const CLOSED_NOTICES: Record<string, string> = {
  tenant_deleted: 'Firma zakończyła działalność w Punkto. Ta karta jest już nieaktywna.',
  program_deleted: 'Program lojalnościowy został zakończony. Ta karta jest już nieaktywna.',
  client_removed: 'Firma usunęła Cię z programu. Ta karta jest już nieaktywna.',
};

export const closedCardNotice = (reason: string | null | undefined) =>
  CLOSED_NOTICES[reason ?? ''] ?? 'Ta karta jest już nieaktywna.';
