import type {
  ProgramDefinedData,
  TenantCreatedData,
  TenantHeroImageChangedData,
  TenantLocationsReplacedData,
  TenantLogoChangedData,
  TenantUpdatedData,
} from '@punkto/contracts/integration-events';
import type { Location } from '@punkto/contracts/locations';
import { defaultBranding, type Address, type Branding, type TenantImage } from '@punkto/contracts/tenant';
import type { z } from 'zod';
import type { Collection, DocumentStore } from '@punkto/platform/documents/document-store.port';
import { mutateDocument, UNCHANGED } from '@punkto/platform/documents/mutate-document';
import { versionedCopies } from '@punkto/platform/documents/versioned-copies';
import {
  applyCompanyMessage,
  applyPassCardEvent,
  type PassCard,
  type PassCardEvent,
  type PassCompanyMessage,
} from './pass-card';
import { applyInvite } from './pass-invite';

/**
 * What the notification service keeps to build wallet passes without asking anyone (ARCHITECTURE §1: no
 * synchronous calls between services): its copy of every card (pass-card.ts), of every program (whole, newest
 * version wins) and of every company's name, address, colours, images and locations. Fed by passes.consumer.ts; each
 * change is one revision-checked document write, so redeliveries and two replicas cannot lose an update.
 */
export interface PassCompany {
  _id: string;
  companyName: string;
  address: z.infer<typeof Address> | null;
  branding: Branding;
  logo: TenantImage | null;
  heroImage: TenantImage | null;
  /** where its passes come up on the lock screen (ADR 0057); absent in older copies: none */
  locations?: Location[];
  /** the company's contact e-mail: the Reply-To of its messages' e-mails (ADR 0040); absent in older copies */
  contactEmail?: string | null;
  /** when the contact last changed (newest wins); no part of the pass's version: passes do not show it */
  contactAt?: string;
  deleted: boolean;
  changedAt: string;
  /** grows by one with every change (part of every pass's version: apple-passes.ts) */
  version?: number;
}

type CardDoc = PassCard & { _id: string };

type Cards = Collection<CardDoc>;
type Companies = Collection<PassCompany>;

export function passCopies(documents: DocumentStore) {
  const cards = documents.collection<CardDoc>('pass_cards');
  const companies = documents.collection<PassCompany>('pass_companies');
  return {
    programs: versionedCopies<ProgramDefinedData>(documents, 'pass_programs'),
    servedVersions: servedVersions(documents),
    ensureIndexes: () => ensureCardIndexes(cards),
    applyCardEvent: (cardId: string, event: PassCardEvent) => applyCardEvent(cards, cardId, event),
    inviteChanged: (cardId: string, code: string | null, at: string) =>
      inviteChanged(cards, cardId, code, at),
    postCompanyMessage: (cardId: string, message: Omit<PassCompanyMessage, 'cardVersion'>, at: Date) =>
      postCompanyMessage(cards, cardId, message, at),
    cards: (cardIds: readonly string[]) => cardsOf(cards, cardIds),
    card: (cardId: string) => cardOf(cards, cardId),
    company: (tenantId: string): Promise<PassCompany | null> => companies.get(tenantId),
    companyCreated: (data: TenantCreatedData) =>
      changeCompany(companies, data.tenantId, data.createdAt, () => ({ companyName: data.companyName })),
    companyUpdated: (data: TenantUpdatedData) =>
      changeCompany(companies, data.tenantId, data.updatedAt, () => companyChangesOf(data)),
    contactChanged: (tenantId: string, email: string | null, at: string) =>
      changeContact(companies, tenantId, email, at),
    logoChanged: (data: TenantLogoChangedData) =>
      changeCompany(companies, data.tenantId, data.changedAt, () => ({ logo: data.logo })),
    heroImageChanged: (data: TenantHeroImageChangedData) =>
      changeCompany(companies, data.tenantId, data.changedAt, () => ({ heroImage: data.heroImage })),
    locationsReplaced: (data: TenantLocationsReplacedData) =>
      changeCompany(companies, data.tenantId, data.changedAt, () => ({ locations: data.locations })),
    companyDeleted: (tenantId: string, at: string) =>
      changeCompany(companies, tenantId, at, () => ({
        deleted: true,
        logo: null,
        heroImage: null,
        contactEmail: null,
        locations: [],
      })),
  };
}

async function ensureCardIndexes(cards: Cards): Promise<void> {
  await cards.ensureIndex({ fields: { userId: 1 } });
  await cards.ensureIndex({ fields: { tenantId: 1, status: 1 } });
}

/** applies a card event; the copy after it when it changed, else null */
async function applyCardEvent(cards: Cards, cardId: string, event: PassCardEvent): Promise<PassCard | null> {
  let changed: PassCard | null = null;
  await mutateDocument(cards, cardId, (current) => {
    changed = applyPassCardEvent(current, event);
    return changed ? { ...changed, _id: cardId } : UNCHANGED;
  });
  return changed;
}

/** the card's invite code on its passes (ADR 0061); the copy after it when it changed, else null */
async function inviteChanged(cards: Cards, cardId: string, code: string | null, at: string) {
  let changed: PassCard | null = null;
  await mutateDocument(cards, cardId, (current) => {
    if (!current) return UNCHANGED;
    const { _rev, ...card } = current;
    changed = applyInvite(card, code, at);
    return changed ? { ...changed, _id: cardId } : UNCHANGED;
  });
  return changed;
}

/**
 * puts the company's message on the card's passes (the card's version grows); the copy after it, or as
 * it was when it already shows this message or a newer one; null for a card this service does not know
 */
async function postCompanyMessage(
  cards: Cards,
  cardId: string,
  message: Omit<PassCompanyMessage, 'cardVersion'>,
  at: Date,
): Promise<PassCard | null> {
  const doc = await mutateDocument(cards, cardId, (current) => {
    if (!current) return UNCHANGED;
    const { _rev, ...card } = current;
    const next = applyCompanyMessage(card, message, at.toISOString());
    return next ? { ...next, _id: cardId } : UNCHANGED;
  });
  if (!doc) return null;
  const { _id, _rev, ...card } = doc;
  return card;
}

/** the copies of these cards (those this service knows) */
async function cardsOf(cards: Cards, cardIds: readonly string[]): Promise<PassCard[]> {
  const found: PassCard[] = [];
  for (let i = 0; i < cardIds.length; i += 500) {
    const docs = await cards.find({ _id: { $in: cardIds.slice(i, i + 500) as string[] } });
    for (const { _id, _rev, ...card } of docs) found.push(card);
  }
  return found;
}

async function cardOf(cards: Cards, cardId: string): Promise<PassCard | null> {
  const doc = await cards.get(cardId);
  if (!doc) return null;
  const { _id, _rev, ...card } = doc;
  return card;
}

/** the copy of a company whose creation has not arrived yet: a change known first waits in it */
function unnamedCompany(tenantId: string, at: string): PassCompany {
  return {
    _id: tenantId,
    companyName: '',
    address: null,
    branding: defaultBranding,
    logo: null,
    heroImage: null,
    deleted: false,
    changedAt: at,
  };
}

/** merges a company change into its copy (a change known before the company's creation is kept) */
function changeCompany(
  companies: Companies,
  tenantId: string,
  at: string,
  change: (current: PassCompany) => Partial<PassCompany>,
) {
  return mutateDocument(companies, tenantId, (current) => {
    const base: PassCompany = current ?? unnamedCompany(tenantId, at);
    if (base.deleted) return UNCHANGED;
    return {
      ...base,
      ...change(base),
      changedAt: at > base.changedAt ? at : base.changedAt,
      version: (base.version ?? 0) + 1,
    };
  });
}

/**
 * the company's contact e-mail (a TenantUpdated with `contact`), newest wins; the pass's version stays, as
 * no pass shows it. A change known before the company's creation waits in a copy without a name.
 */
function changeContact(companies: Companies, tenantId: string, email: string | null, at: string) {
  return mutateDocument(companies, tenantId, (current) => {
    if (current?.deleted || (current?.contactAt && current.contactAt > at)) return UNCHANGED;
    const base: PassCompany = current ?? unnamedCompany(tenantId, at);
    return { ...base, contactEmail: email, contactAt: at };
  });
}

/** what a TenantUpdated changes of what passes show: the name, address and branding it carries */
function companyChangesOf(data: TenantUpdatedData): Partial<PassCompany> {
  const { companyName, address, branding } = data.changes;
  return {
    ...(companyName !== undefined && { companyName }),
    ...(address !== undefined && { address }),
    ...(branding !== undefined && { branding }),
  };
}

/**
 * The Last-Modified of every pass version phones fetched. HTTP dates have whole seconds and a device asks
 * with `If-Modified-Since`, so two versions of a pass must never share a second: a change whose event time
 * falls in the second of the version already served (two awards in one second, or an event that arrived
 * late over the bus) gets the next second. Otherwise the time is the change's own (WALLET.md).
 */
function servedVersions(documents: DocumentStore) {
  const versions = documents.collection<{ _id: string; version: number; lastModified: string }>(
    'apple_pass_versions',
  );
  return {
    async lastModified(serial: string, version: number, changedAt: Date): Promise<Date> {
      const doc = await mutateDocument(versions, serial, (current) => {
        if (current && current.version >= version) return UNCHANGED;
        const after = current ? Math.floor(Date.parse(current.lastModified) / 1000) * 1000 + 1000 : 0;
        const at = Math.max(Math.floor(changedAt.getTime() / 1000) * 1000, after);
        return { _id: serial, version, lastModified: new Date(at).toISOString() };
      });
      return new Date(doc!.lastModified);
    },
  };
}

export type PassCopies = ReturnType<typeof passCopies>;
