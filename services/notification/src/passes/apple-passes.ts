import { formatCardNumber } from '@punkto/contracts/cards';
import { relevantTextOf } from '@punkto/contracts/locations';
import { appleCertificateFiles, type NotificationConfig } from '../config';
import { applePassSigner, type ApplePassContent, type ApplePassSigner } from './apple/apple-pass';
import { configuredCertificates, developmentCertificates } from './apple/pass-certificates';
import { storeCardFields } from '@punkto/contracts/pass-fields';
import { PASSKIT_PATH, parsePassSerial, passSerial, type PassTokens } from './apple/web-service/pass-serials';
import type { PassCard } from './pass-card';
import type { PassCompany, PassCopies } from './pass-copies';
import { cardOnPass, changedAtOf, holderPassState, passState, versionOf, type PassState } from './pass-state';
import { defaultPassImages } from './pass-images';
import type { PassBrandingImages } from './apple/pass-branding-images';
import { withCompanyMessage, withClosureNotice } from './apple/company-message-field';

/**
 * Signed passes kept per (serial, version of everything it shows), newest use last: a phone fetching the same
 * pass again, or a second phone holding it, costs no signing. 64 MiB is ~12,000 passes of ~5 kB, so a company-
 * wide change of 10,000 passes is signed once per pass while the phones fetch it.
 */
const CACHE_BYTES = 64 * 1024 * 1024;

export interface ApplePassesDeps {
  copies: PassCopies;
  config: NotificationConfig;
  clock: () => Date;
  tokens: PassTokens;
  /** the company's logo and strip (and a stamp card's stamps); without it every pass has the default icon */
  branding?: PassBrandingImages;
}

/** What signing a pass takes, beyond the deps: the signer, the default images, the cache of signed passes. */
interface PassSigning extends ApplePassesDeps {
  signer: () => Promise<ApplePassSigner>;
  images: ReturnType<typeof defaultPassImages>;
  cache: SignedPassCache;
  webServiceURL: string;
  /** passes signed since start */
  signings: number;
}

/**
 * The customer's card as an Apple Wallet pass: built from the notification service's copies (pass-copies.ts),
 * signed with the configured certificates or the development chain, with the PassKit web service's address
 * and the pass's own authentication token, so phones ask for the new version after every change (ADR 0012).
 */
export function applePasses(deps: ApplePassesDeps) {
  const { config, clock } = deps;
  const identity = {
    passTypeIdentifier: config.APPLE_PASS_TYPE_IDENTIFIER,
    teamIdentifier: config.APPLE_TEAM_IDENTIFIER,
  };
  const files = appleCertificateFiles(config);
  const signing: PassSigning = {
    ...deps,
    signer: passSigner(files, config.DATA_DIR, identity, clock),
    images: defaultPassImages(),
    cache: new SignedPassCache(CACHE_BYTES),
    webServiceURL: `${config.PUBLIC_URL}${PASSKIT_PATH}`,
    signings: 0,
  };
  return {
    /** true while passes are signed by the generated development chain (phones refuse them) */
    development: !files,
    /**
     * Has the signing chain ready before the first pass asks for it (the development chain: read from the data
     * directory, or generated). Not needed to serve: the service's warm-up, started once the process is up.
     */
    prepare: async (): Promise<void> => void (await signing.signer()),
    /** passes signed since start (benchmarks: a version is signed once however often it is served) */
    signings: () => signing.signings,
    passTypeIdentifier: identity.passTypeIdentifier,
    webServiceURL: signing.webServiceURL,
    forHolder: (cardId: string, userId: string) => holderPass(signing, cardId, userId),
    ofSerial: (serial: string) => passOfSerial(signing, serial),
  };
}

export type ApplePasses = ReturnType<typeof applePasses>;

/**
 * The signer of passes. Configured certificates are read and checked now: a mistake in them stops the start
 * (ConfigError). Without them, the development chain of the data directory is read, or generated (three RSA
 * keys: about a second of CPU, on the thread pool), when first needed: by the first pass, or by `prepare` once
 * the process is up; a failure is tried again by the next pass.
 */
function passSigner(
  files: ReturnType<typeof appleCertificateFiles>,
  dataDir: string,
  identity: { passTypeIdentifier: string; teamIdentifier: string },
  clock: () => Date,
): () => Promise<ApplePassSigner> {
  const configured = files
    ? applePassSigner(configuredCertificates(files, identity, clock()), identity)
    : null;
  let development: Promise<ApplePassSigner> | null = null;
  return () => {
    if (configured) return Promise.resolve(configured);
    development ??= developmentCertificates(dataDir, identity, clock()).then(
      (certificates) => applePassSigner(certificates, identity),
      (error: unknown) => {
        development = null; // tried again by the next pass
        throw error;
      },
    );
    return development;
  };
}

/** Signed passes by key, least recently used first, dropped from the front beyond `maxBytes`. */
class SignedPassCache {
  private readonly passes = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const pkpass = this.passes.get(key);
    if (pkpass) {
      this.passes.delete(key); // most recently used last
      this.passes.set(key, pkpass);
    }
    return pkpass;
  }

  keep(key: string, pkpass: Buffer): void {
    this.passes.set(key, pkpass);
    this.bytes += pkpass.length;
    for (const [oldest, bytes] of this.passes) {
      if (this.bytes <= this.maxBytes) break;
      this.passes.delete(oldest);
      this.bytes -= bytes.length;
    }
  }
}

/** the signed pass of the caller's own card, with the card it shows */
async function holderPass(
  signing: PassSigning,
  cardId: string,
  userId: string,
): Promise<{ pkpass: Buffer; card: PassCard; company: PassCompany; lastModified: Date }> {
  const { card, state } = await holderPassState(signing.copies, cardId, userId);
  const pkpass = await signed(signing, state, passSerial(card.cardId, card.secretVersion), false);
  return { pkpass, card, company: state.company, lastModified: changedAtOf(state) };
}

/**
 * What the PassKit web service knows of a serial: the card it belongs to, the pass's version and the time
 * of its last change; null for a serial of no card this service holds. A serial of an earlier QR (the card
 * was regenerated), of a closed card or of a deleted program or company is void.
 */
async function passOfSerial(signing: PassSigning, serial: string) {
  const { copies } = signing;
  const parsed = parsePassSerial(serial);
  const card = parsed && (await copies.card(parsed.cardId));
  if (!parsed || !card || parsed.secretVersion > card.secretVersion) return null;
  const state = await passState(copies, card);
  if (!state) return null;
  const voided = parsed.secretVersion < card.secretVersion || card.status === 'closed' || state.gone;
  const version = versionOf(state);
  return {
    card,
    version,
    /** Last-Modified of this version (fetching it writes it down the first time) */
    lastModified: () => copies.servedVersions.lastModified(serial, version, changedAtOf(state)),
    pkpass: () => signed(signing, state, serial, voided),
  };
}

/** the signed pass of `serial` in `state`, from the cache when this version was signed before */
async function signed(
  signing: PassSigning,
  state: PassState,
  serial: string,
  voided: boolean,
): Promise<Buffer> {
  const key = `${serial}:${versionOf(state)}`;
  const cached = signing.cache.get(key);
  if (cached) return cached;
  const { card, company } = state;
  const { branding } = company;
  const onPass = cardOnPass(state, signing.config.PUBLIC_URL);
  const own = await ownImages(signing.branding, state, onPass);
  const content: ApplePassContent = {
    serialNumber: serial,
    updates: { webServiceURL: signing.webServiceURL, authenticationToken: signing.tokens.issue(serial) },
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
    fields:
      card.status === 'closed'
        ? withClosureNotice(storeCardFields(onPass), card.closeReason)
        : withCompanyMessage(storeCardFields(onPass), card, company.companyName),
    images: {
      ...(await signing.images({ background: branding.backgroundColor, label: branding.labelColor })),
      ...own.files,
    },
    voided,
    // a void pass comes up nowhere: the card's reminders are on its new pass
    locations: voided ? [] : locationsOnPass(company),
  };
  const pkpass = (await signing.signer()).build(content);
  signing.signings++;
  if (!own.complete) return pkpass; // an image could not be had: signed again next time, not kept
  signing.cache.keep(key, pkpass);
  return pkpass;
}

/** the company's locations as pass.json carries them, each with its lock-screen text (ADR 0057; the signer keeps 10) */
const locationsOnPass = (company: PassCompany) =>
  (company.locations ?? []).map((location) => ({
    latitude: location.latitude,
    longitude: location.longitude,
    relevantText: relevantTextOf(location, company.companyName),
  }));

/** the company's logo and strip (and a stamp card's stamps); none without branding images */
async function ownImages(
  brandingImages: PassBrandingImages | undefined,
  { card, company }: PassState,
  onPass: ReturnType<typeof cardOnPass>,
) {
  if (!brandingImages) return { files: {}, complete: true };
  const { branding } = company;
  return brandingImages.of(
    card.tenantId,
    company,
    onPass.kind === 'stamps'
      ? {
          stamps: onPass.stamps,
          required: onPass.stampsRequired,
          colors: {
            background: branding.backgroundColor,
            foreground: branding.foregroundColor,
            label: branding.labelColor,
          },
        }
      : null,
  );
}
