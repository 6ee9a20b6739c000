import { closedCardNotice } from '../closed-card-notice';
import type { LoyaltyClass, LoyaltyObject, TextModule } from '../providers/google/google-wallet.port';
import { googleBalanceOf } from '@punkto/contracts/pass-fields';
import type { CardOnPass, PassState } from '../pass-state';

/**
 * The Google Wallet side of a pass (pure): a loyalty class per program (the company's name, colours and
 * logo) and a loyalty object per card and QR version, with what the Apple pass shows (pass-state.ts) laid
 * out in Google's fields: the balance in `loyaltyPoints`, the level or the reward in `secondaryLoyaltyPoints`,
 * the back fields as text modules, the portal as a link. Ids are `<issuer>.<suffix>` (WALLET.md).
 */
export const classIdOf = (issuerId: string, programId: string) => `${issuerId}.program-${programId}`;
export const objectIdOf = (issuerId: string, cardId: string, secretVersion: number) =>
  `${issuerId}.card-${cardId}.${secretVersion}`;

export function loyaltyClassOf(
  issuerId: string,
  state: PassState,
  options: { callbackUrl: string | null },
): LoyaltyClass {
  const { company, program } = state;
  const logo = company.logo?.renditions['google-logo'];
  const hero = company.heroImage?.renditions['google-hero'];
  return {
    id: classIdOf(issuerId, program.programId),
    issuerName: company.companyName,
    programName: program.name,
    reviewStatus: 'UNDER_REVIEW',
    hexBackgroundColor: company.branding.backgroundColor,
    ...(logo && { programLogo: { sourceUri: { uri: logo } } }),
    ...(hero && { heroImage: { sourceUri: { uri: hero } } }),
    ...(options.callbackUrl && { callbackOptions: { url: options.callbackUrl } }),
    // Google writes the lock-screen text itself: only the points (ADR 0057); the class is written whole
    // (update = replace), so a removed list is gone at Google too
    ...(company.locations?.length && {
      merchantLocations: company.locations
        .slice(0, 10)
        .map(({ latitude, longitude }) => ({ latitude, longitude })),
    }),
  };
}

/** the balance as Google shows it (also the text of the notice when it changes) */
export const balanceOf = googleBalanceOf;

export function loyaltyObjectOf(
  issuerId: string,
  state: PassState,
  card: CardOnPass,
  /** the QR version the object was made for (a replaced one is voided) */
  options: { secretVersion: number; voided: boolean },
): LoyaltyObject {
  const { points } = balanceOf(card);
  const modules: TextModule[] = [];
  // a closed card says why, first (ADR 0047); Google keeps the pass, inactive
  if (state.card.status === 'closed')
    modules.push({ id: 'closed', header: 'Karta zamknięta', body: closedCardNotice(state.card.closeReason) });
  if (card.nextReward) modules.push({ id: 'reward', header: 'Następna nagroda', body: card.nextReward.name });
  if (card.companyAddress) modules.push({ id: 'address', header: 'Adres', body: card.companyAddress });
  if (card.terms) modules.push({ id: 'terms', header: 'Zasady programu', body: card.terms });
  return {
    id: objectIdOf(issuerId, state.card.cardId, options.secretVersion),
    classId: classIdOf(issuerId, state.program.programId),
    // a replaced or closed card's pass stays in the wallet, inactive (WALLET.md: Google has no "voided")
    state: options.voided ? 'INACTIVE' : 'ACTIVE',
    accountId: card.cardNumber,
    accountName: `Karta ${card.cardNumber}`.slice(0, 20),
    loyaltyPoints: points,
    ...(card.kind === 'tiers' && {
      secondaryLoyaltyPoints: { label: 'Poziom', balance: { string: card.tier ?? '—' } },
    }),
    ...(!options.voided && {
      barcode: { type: 'QR_CODE' as const, value: state.card.qrPayload!, alternateText: card.cardNumber },
    }),
    textModulesData: modules,
    linksModuleData: {
      uris: [
        // the customer's invite link while the company runs referrals (ADR 0061)
        ...(card.inviteUrl ? [{ id: 'invite', uri: card.inviteUrl, description: 'Poleć znajomemu' }] : []),
        { id: 'portal', uri: card.portalUrl, description: 'Twoje karty w Punkto' },
      ],
    },
  };
}
