import type { ProgramDefinedData } from '@punkto/contracts/integration-events';
import { formatCardNumber } from '@punkto/contracts/cards';
import { PassErrors } from '@punkto/contracts/passes';
import { ConflictError, NotFoundError, PermissionDeniedError } from '@punkto/platform/errors/errors';
import { appleCertificateFiles, type NotificationConfig } from '../config';
import { applePassSigner, type ApplePassContent } from './apple/apple-pass';
import { configuredCertificates, developmentCertificates } from './apple/pass-certificates';
import { storeCardFields, type CardOnPass } from './apple/store-card-fields';
import { parsePassSerial, passSerial, type PassTokens } from './apple/web-service/pass-serials';
import { PASSKIT_PATH } from './apple/web-service/passkit.routes';
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

/** everything one pass shows, read from the copies */
interface PassState {
  card: PassCard;
  program: ProgramDefinedData;
  company: PassCompany;
  /** a program or company that was deleted: its passes are void */
  gone: boolean;
}

/**
 * A pass's version: the sum of the versions of the card, program and company copies, each of which only
 * grows, so the sum grows with every change the pass shows and names exactly one content of a serial
 * (the update tag of the PassKit web service and the cache key).
 */
const versionOf = (state: PassState) =>
  state.card.version + state.program.version + (state.company.version ?? 0) + (state.gone ? 1 : 0);

/** the time of the newest change the pass shows (its Last-Modified) */
const changedAtOf = (state: PassState) =>
  new Date(
    Math.max(
      Date.parse(state.card.changedAt),
      Date.parse(state.program.definedAt),
      Date.parse(state.company.changedAt),
    ),
  );

/**
 * The customer's card as an Apple Wallet pass: built from the notification service's copies (pass-copies.ts),
 * signed with the configured certificates or the development chain, with the PassKit web service's address
 * and the pass's own authentication token, so phones ask for the new version after every change (ADR 0012).
 */
export function applePasses(deps: {
  copies: PassCopies;
  config: NotificationConfig;
  clock: () => Date;
  tokens: PassTokens;
}) {
  const { copies, config, clock, tokens } = deps;
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
  const served = copies.servedVersions;
  const webServiceURL = `${config.PUBLIC_URL}${PASSKIT_PATH}`;

  /** the copies of a card's pass; null while one of them is still on its way over the bus */
  async function stateOf(card: PassCard): Promise<PassState | null> {
    const [program, company] = await Promise.all([
      copies.programs.get(card.programId),
      copies.company(card.tenantId),
    ]);
    if (!program.data || !company?.companyName || !card.qrPayload) return null;
    return { card, program: program.data, company, gone: program.deleted || company.deleted };
  }

  /** the signed pass of `serial` in `state`, from the cache when this version was signed before */
  async function signed(state: PassState, serial: string, voided: boolean): Promise<Buffer> {
    const key = `${serial}:${versionOf(state)}`;
    let pkpass = cache.get(key);
    if (pkpass) {
      cache.delete(key); // most recently used last
      cache.set(key, pkpass);
      return pkpass;
    }
    const { card, program, company } = state;
    const { branding } = company;
    const content: ApplePassContent = {
      serialNumber: serial,
      updates: { webServiceURL, authenticationToken: tokens.issue(serial) },
      organizationName: company.companyName,
      description: `Karta lojalnościowa ${company.companyName}`,
      logoText: company.companyName,
      colors: {
        background: branding.backgroundColor,
        foreground: branding.foregroundColor,
        label: branding.labelColor,
      },
      // a void pass shows no code: the card's code is the one on its new pass
      barcode: voided ? null : { message: card.qrPayload!, altText: formatCardNumber(card.number) },
      fields: storeCardFields(cardOnPass(card, program, company, `${config.PUBLIC_URL}/klient/karty`)),
      images: await images({ background: branding.backgroundColor, label: branding.labelColor }),
      voided,
    };
    pkpass = signer.build(content);
    cache.set(key, pkpass);
    if (cache.size > CACHED_PASSES) cache.delete(cache.keys().next().value!);
    return pkpass;
  }

  return {
    /** true while passes are signed by the generated development chain (phones refuse them) */
    development: !files,
    passTypeIdentifier: identity.passTypeIdentifier,
    webServiceURL,

    /** the signed pass of the caller's own card, with the card it shows */
    async forHolder(
      cardId: string,
      userId: string,
    ): Promise<{ pkpass: Buffer; card: PassCard; company: PassCompany; lastModified: Date }> {
      const card = await copies.card(cardId);
      if (!card) throw new NotFoundError('Nie znaleziono karty.', 'CARD.NOT_FOUND');
      if (card.userId !== userId)
        throw new PermissionDeniedError(PassErrors.notYours.message, PassErrors.notYours.code);
      if (card.status === 'closed')
        throw new ConflictError(PassErrors.cardClosed.message, PassErrors.cardClosed.code);
      const state = await stateOf(card);
      if (state?.gone) throw new ConflictError(PassErrors.cardClosed.message, PassErrors.cardClosed.code);
      // right after joining the copies may still be on their way over the bus
      if (!state) throw new ConflictError(PassErrors.notReady.message, PassErrors.notReady.code);
      const pkpass = await signed(state, passSerial(card.cardId, card.secretVersion), false);
      return { pkpass, card, company: state.company, lastModified: changedAtOf(state) };
    },

    /**
     * What the PassKit web service knows of a serial: the card it belongs to, the pass's version and the time
     * of its last change; null for a serial of no card this service holds. A serial of an earlier QR (the card
     * was regenerated), of a closed card or of a deleted program or company is void.
     */
    async ofSerial(serial: string) {
      const parsed = parsePassSerial(serial);
      const card = parsed && (await copies.card(parsed.cardId));
      if (!parsed || !card || parsed.secretVersion > card.secretVersion) return null;
      const state = await stateOf(card);
      if (!state) return null;
      const voided = parsed.secretVersion < card.secretVersion || card.status === 'closed' || state.gone;
      const version = versionOf(state);
      return {
        card,
        version,
        /** Last-Modified of this version (fetching it writes it down the first time) */
        lastModified: () => served.lastModified(serial, version, changedAtOf(state)),
        pkpass: () => signed(state, serial, voided),
      };
    },
  };
}

export type ApplePasses = ReturnType<typeof applePasses>;
