import type { ProgramDefinedData } from '@punkto/contracts/integration-events';
import { formatCardNumber } from '@punkto/contracts/cards';
import { PassErrors } from '@punkto/contracts/passes';
import { ConflictError, NotFoundError, PermissionDeniedError } from '@punkto/platform/errors/errors';
import { appleCertificateFiles, type NotificationConfig } from '../config';
import { applePassSigner, type ApplePassContent } from './apple/apple-pass';
import { configuredCertificates, developmentCertificates } from './apple/pass-certificates';
import { storeCardFields, type CardOnPass } from './apple/store-card-fields';
import type { PassCard } from './pass-card';
import type { PassCompany, PassCopies } from './pass-copies';
import { defaultPassImages } from './pass-images';

/** Signed passes kept per (card, version of everything the pass shows); a phone fetching the same pass again costs no signing. */
const CACHED_PASSES = 2000;

const addressLine = (company: PassCompany) =>
  company.address ? `${company.address.street}, ${company.address.postalCode} ${company.address.city}` : null;

/** the cheapest reward not yet within reach, else the cheapest one (ready to collect) */
function nextReward(program: ProgramDefinedData, have: number) {
  const rewards = program.rewards.filter((r) => r.active).sort((a, b) => a.cost - b.cost);
  const reward = rewards.find((r) => r.cost > have) ?? rewards[0];
  return reward ? { name: reward.name, cost: reward.cost } : null;
}

function cardOnPass(
  card: PassCard,
  program: ProgramDefinedData,
  company: PassCompany,
  portalUrl: string,
): CardOnPass {
  const common = {
    cardNumber: formatCardNumber(card.number),
    programName: program.name,
    companyName: company.companyName,
    companyAddress: addressLine(company),
    terms: program.description.trim() || null,
    portalUrl,
  };
  switch (program.kind) {
    case 'stamps':
      return {
        ...common,
        kind: 'stamps',
        stamps: card.stamps,
        stampsRequired: program.stampsRequired ?? 0,
        nextReward: nextReward(program, card.stamps),
      };
    case 'tiers': {
      const level = program.levels?.find((l) => l.name === card.tier);
      return {
        ...common,
        kind: 'tiers',
        points: card.points,
        tier: card.tier,
        multiplier: level?.multiplier ?? 1,
        nextReward: nextReward(program, card.points),
      };
    }
    default:
      return { ...common, kind: 'points', points: card.points, nextReward: nextReward(program, card.points) };
  }
}

/**
 * The customer's card as an Apple Wallet pass: built from the notification service's copies (pass-copies.ts),
 * signed with the configured certificates or the development chain (ADR 0012). Passes carry no web service
 * yet, so a pass added now shows the card as it was when downloaded.
 */
export function applePasses(deps: { copies: PassCopies; config: NotificationConfig; clock: () => Date }) {
  const { copies, config, clock } = deps;
  const identity = {
    passTypeIdentifier: config.APPLE_PASS_TYPE_IDENTIFIER,
    teamIdentifier: config.APPLE_TEAM_IDENTIFIER,
  };
  const files = appleCertificateFiles(config);
  const certificates = files
    ? configuredCertificates(files, identity, clock())
    : developmentCertificates(config.DATA_DIR, identity, clock());
  const signer = applePassSigner(certificates, identity);
  const images = defaultPassImages();
  const cache = new Map<string, Buffer>();

  return {
    /** true while passes are signed by the generated development chain (phones refuse them) */
    development: !files,

    /** the signed pass of the caller's own card, with the card it shows */
    async forHolder(
      cardId: string,
      userId: string,
    ): Promise<{ pkpass: Buffer; card: PassCard; company: PassCompany }> {
      const card = await copies.card(cardId);
      if (!card) throw new NotFoundError('Nie znaleziono karty.', 'CARD.NOT_FOUND');
      if (card.userId !== userId)
        throw new PermissionDeniedError(PassErrors.notYours.message, PassErrors.notYours.code);
      if (card.status === 'closed')
        throw new ConflictError(PassErrors.cardClosed.message, PassErrors.cardClosed.code);
      const [program, company] = await Promise.all([
        copies.programs.get(card.programId),
        copies.company(card.tenantId),
      ]);
      if (program.deleted || company?.deleted)
        throw new ConflictError(PassErrors.cardClosed.message, PassErrors.cardClosed.code);
      // right after joining the copies may still be on their way over the bus
      if (!program.data || !company?.companyName || !card.qrPayload)
        throw new ConflictError(PassErrors.notReady.message, PassErrors.notReady.code);

      const key = `${card.cardId}:${card.version}:${program.data.version}:${company.changedAt}`;
      let pkpass = cache.get(key);
      if (pkpass) {
        cache.delete(key); // most recently used last
        cache.set(key, pkpass);
        return { pkpass, card, company };
      }
      const { branding } = company;
      const content: ApplePassContent = {
        serialNumber: card.cardId,
        updates: null,
        organizationName: company.companyName,
        description: `Karta lojalnościowa ${company.companyName}`,
        logoText: company.companyName,
        colors: {
          background: branding.backgroundColor,
          foreground: branding.foregroundColor,
          label: branding.labelColor,
        },
        barcode: { message: card.qrPayload, altText: formatCardNumber(card.number) },
        fields: storeCardFields(cardOnPass(card, program.data, company, `${config.PUBLIC_URL}/klient/karty`)),
        images: await images({ background: branding.backgroundColor, label: branding.labelColor }),
      };
      pkpass = signer.build(content);
      cache.set(key, pkpass);
      if (cache.size > CACHED_PASSES) cache.delete(cache.keys().next().value!);
      return { pkpass, card, company };
    },
  };
}

export type ApplePasses = ReturnType<typeof applePasses>;
