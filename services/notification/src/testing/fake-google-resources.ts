/** HTTP status and JSON body. */
export type Reply = [number, unknown];
export type Resource = Record<string, unknown> & { id: string };

type Kind = 'loyaltyClass' | 'loyaltyObject';
interface Message {
  objectId: string;
  message: Record<string, unknown>;
  notified: boolean;
  at: number;
}

const REVIEW_STATUSES = ['DRAFT', 'UNDER_REVIEW', 'APPROVED', 'REJECTED', 'draft', 'underReview'];
const STATES = ['ACTIVE', 'COMPLETED', 'EXPIRED', 'INACTIVE', 'active', 'completed', 'expired', 'inactive'];
const BARCODE_TYPES = ['QR_CODE', 'AZTEC', 'PDF_417', 'CODE_128', 'qrCode', 'aztec'];
const MESSAGE_TYPES = ['TEXT', 'TEXT_AND_NOTIFY', 'text', 'textAndNotify'];
const NOTIFY_LIMIT = 3;
const NOTIFY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** fields Google sets itself and ignores on input */
const READ_ONLY = ['version', 'hasUsers'];

/** Google's error body `{"error":{"code","message","status","errors":[{reason}]}}`. */
export function googleError(code: number, status: string, message: string, reason?: string): unknown {
  return {
    error: {
      code,
      message,
      status,
      errors: [{ domain: 'global', reason: reason ?? status.toLowerCase(), message }],
    },
  };
}

const invalid = (message: string): Reply => [400, googleError(400, 'INVALID_ARGUMENT', message, 'invalid')];
const notFound = (what: string): Reply => [
  404,
  googleError(404, 'NOT_FOUND', `Requested entity was not found: ${what}`, 'resourceNotFound'),
];

/**
 * The state behind the fake's `walletobjects/v1` routes, with Google's rules: insert → 409 when the id
 * exists, get/update/patch → 404 when it does not, PATCH merges (nested objects merge, arrays replace),
 * PUT replaces, `version` (int64 as a string) goes up on every change, ids must be `<issuerId>.<suffix>`
 * and enums known (→ 400), and at most 3 TEXT_AND_NOTIFY messages per object in 24 h (→ 429
 * QuotaExceededException). Kept apart from the adapters' own code so the tests cross-check the rules.
 */
export class FakeWalletResources {
  private readonly classes = new Map<string, Resource>();
  private readonly objects = new Map<string, Resource>();
  private readonly messages: Message[] = [];

  constructor(
    private readonly issuerId: string,
    private readonly now: () => Date,
  ) {}

  route(method: string, path: string, body: unknown): Reply {
    const match = /^\/(loyaltyClass|loyaltyObject)(?:\/([^/]+))?(\/addMessage)?$/.exec(path);
    if (!match) return notFound(path);
    const kind = match[1] as Kind;
    const id = match[2] === undefined ? undefined : decodeURIComponent(match[2]);
    const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    if (match[3]) {
      return method === 'POST' && kind === 'loyaltyObject' && id
        ? this.addMessage(id, input)
        : notFound(path);
    }
    if (method === 'POST' && id === undefined) return this.insert(kind, input);
    if (id === undefined) return notFound(path);
    const store = this.store(kind);
    const current = store.get(id);
    if (!this.validId(id)) return invalid(`invalid resource id ${id}`);
    if (method === 'GET') return current ? [200, current] : notFound(id);
    if (method !== 'PUT' && method !== 'PATCH') return notFound(path);
    if (!current) return notFound(id);
    if (input.id !== undefined && input.id !== id) return invalid('the id in the body differs from the URL');
    const next: Record<string, unknown> =
      method === 'PUT'
        ? { ...writable(input), id, ...(kind === 'loyaltyObject' ? { hasUsers: current.hasUsers } : {}) }
        : { ...merge(current, writable(input)), id };
    if (kind === 'loyaltyObject' && next.classId !== current.classId)
      return invalid('classId cannot be changed');
    const refused = this.validate(kind, next);
    if (refused) return refused;
    const stored: Resource = { ...next, id, version: bump(current.version) };
    store.set(id, stored);
    return [200, stored];
  }

  /** The save page: creates what the JWT carries in full (never updates), marks the objects saved. */
  saveFromJwt(classes: unknown[], objects: unknown[]): { saved: string[] } | { refused: Reply } {
    const newClasses: Resource[] = [];
    for (const raw of classes) {
      const cls = raw as Resource;
      if (this.classes.has(cls.id)) continue;
      const refused = this.validate('loyaltyClass', cls);
      if (refused) return { refused };
      newClasses.push({ ...writable(cls), id: cls.id, version: '1' });
    }
    const creatable = new Set(newClasses.map((c) => c.id));
    const saved: Resource[] = [];
    for (const raw of objects) {
      const ref = raw as Resource;
      const existing = this.objects.get(ref.id);
      if (existing) {
        if (existing.classId !== ref.classId)
          return { refused: invalid(`classId of ${ref.id} does not match`) };
        saved.push(existing);
      } else if (Object.keys(ref).some((key) => key !== 'id' && key !== 'classId')) {
        const refused = this.validate('loyaltyObject', ref, creatable);
        if (refused) return { refused };
        saved.push({ ...writable(ref), id: ref.id, version: '1' });
      } else {
        return { refused: notFound(`loyalty object ${String(ref.id)}`) };
      }
    }
    if (saved.length === 0) return { refused: invalid('the JWT carries no loyaltyObjects') };
    // Validated everything first: a refused save changes nothing.
    for (const cls of newClasses) this.classes.set(cls.id, cls);
    for (const object of saved) this.objects.set(object.id, { ...object, hasUsers: true });
    return { saved: saved.map((object) => object.id) };
  }

  callbackTarget(objectId: string): { url: string; classId: string } | null {
    const classId = this.objects.get(objectId)?.classId as string | undefined;
    const url = (this.classes.get(classId ?? '')?.callbackOptions as { url?: string } | undefined)?.url;
    return classId && url ? { url, classId } : null;
  }

  snapshot(): { classes: Resource[]; objects: Resource[]; messages: Message[] } {
    return {
      classes: [...this.classes.values()],
      objects: [...this.objects.values()],
      messages: this.messages,
    };
  }

  private insert(kind: Kind, input: Record<string, unknown>): Reply {
    const id = input.id;
    if (typeof id !== 'string' || !this.validId(id)) return invalid(`invalid resource id ${String(id)}`);
    const store = this.store(kind);
    if (store.has(id))
      return [409, googleError(409, 'ALREADY_EXISTS', `Resource already exists: ${id}`, 'duplicate')];
    const refused = this.validate(kind, input);
    if (refused) return refused;
    const stored = {
      ...writable(input),
      id,
      ...(kind === 'loyaltyObject' ? { hasUsers: false } : {}),
      version: '1',
    };
    store.set(id, stored);
    return [200, stored];
  }

  private addMessage(id: string, input: Record<string, unknown>): Reply {
    const object = this.objects.get(id);
    if (!object) return notFound(id);
    const message = input.message as Record<string, unknown> | undefined;
    if (!message || typeof message.header !== 'string' || typeof message.body !== 'string')
      return invalid('message.header and message.body are required');
    const type = message.messageType ?? 'TEXT';
    if (!MESSAGE_TYPES.includes(type as string)) return invalid(`unknown messageType ${String(type)}`);
    const notify = type === 'TEXT_AND_NOTIFY' || type === 'textAndNotify';
    const at = this.now().getTime();
    if (notify) {
      const recent = this.messages.filter(
        (m) => m.objectId === id && m.notified && m.at > at - NOTIFY_WINDOW_MS,
      ).length;
      if (recent >= NOTIFY_LIMIT) {
        const text = `QuotaExceededException: at most ${NOTIFY_LIMIT} TEXT_AND_NOTIFY messages per object in 24 hours`;
        return [429, googleError(429, 'RESOURCE_EXHAUSTED', text, 'QuotaExceededException')];
      }
    }
    const others = ((object.messages as Record<string, unknown>[] | undefined) ?? []).filter(
      (m) => message.id === undefined || m.id !== message.id,
    );
    const stored = { ...object, messages: [...others, message], version: bump(object.version) };
    this.objects.set(id, stored);
    this.messages.push({ objectId: id, message, notified: notify, at });
    return [200, { resource: stored }];
  }

  private validate(kind: Kind, r: Record<string, unknown>, pendingClasses = new Set<string>()): Reply | null {
    if (typeof r.id !== 'string' || !this.validId(r.id))
      return invalid(`invalid resource id ${String(r.id)}`);
    if (kind === 'loyaltyClass') {
      if (typeof r.issuerName !== 'string' || typeof r.programName !== 'string')
        return invalid('issuerName and programName are required');
      if (!REVIEW_STATUSES.includes(r.reviewStatus as string))
        return invalid(`invalid reviewStatus ${String(r.reviewStatus)}`);
      if (r.hexBackgroundColor !== undefined && !/^#[0-9a-fA-F]{6}$/.test(String(r.hexBackgroundColor)))
        return invalid('hexBackgroundColor must be #rrggbb');
      return invalidMerchantLocations(r.merchantLocations);
    }
    if (typeof r.classId !== 'string' || !this.validId(r.classId))
      return invalid(`invalid classId ${String(r.classId)}`);
    if (!this.classes.has(r.classId) && !pendingClasses.has(r.classId)) return notFound(`class ${r.classId}`);
    if (!STATES.includes(r.state as string)) return invalid(`invalid state ${String(r.state)}`);
    const barcode = r.barcode as Record<string, unknown> | undefined;
    if (barcode && !BARCODE_TYPES.includes(barcode.type as string))
      return invalid(`invalid barcode.type ${String(barcode.type)}`);
    for (const field of ['loyaltyPoints', 'secondaryLoyaltyPoints']) {
      const balance = (r[field] as { balance?: Record<string, unknown> } | undefined)?.balance;
      if (r[field] === undefined) continue;
      const kinds = Object.keys(balance ?? {}).filter((k) =>
        ['string', 'int', 'double', 'money'].includes(k),
      );
      if (kinds.length !== 1)
        return invalid(`${field}.balance must set exactly one of string, int, double, money`);
      if (kinds[0] === 'int' && !Number.isInteger(balance!.int)) return invalid(`${field}.balance.int`);
    }
    return null;
  }

  private validId(id: string): boolean {
    const prefix = `${this.issuerId}.`;
    return id.startsWith(prefix) && /^[A-Za-z0-9._-]+$/.test(id.slice(prefix.length));
  }

  private store(kind: Kind): Map<string, Resource> {
    return kind === 'loyaltyClass' ? this.classes : this.objects;
  }
}

function writable(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([key]) => !READ_ONLY.includes(key)));
}

function merge(target: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    const current = out[key];
    const bothObjects = [value, current].every(
      (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
    );
    out[key] = bothObjects
      ? merge(current as Record<string, unknown>, value as Record<string, unknown>)
      : value;
  }
  return out;
}

function bump(version: unknown): string {
  return String(Number(version ?? 0) + 1);
}

/** Google's MerchantLocation rules: at most 10 on a class, latitude −90..90 and longitude −180..180 */
function invalidMerchantLocations(locations: unknown): Reply | null {
  if (locations === undefined) return null;
  if (!Array.isArray(locations)) return invalid('merchantLocations must be a list');
  if (locations.length > 10) return invalid('at most 10 merchantLocations on a class');
  for (const l of locations as { latitude?: unknown; longitude?: unknown }[]) {
    const { latitude, longitude } = l;
    if (typeof latitude !== 'number' || latitude < -90 || latitude > 90)
      return invalid('merchantLocations.latitude must be within -90..90');
    if (typeof longitude !== 'number' || longitude < -180 || longitude > 180)
      return invalid('merchantLocations.longitude must be within -180..180');
  }
  return null;
}
