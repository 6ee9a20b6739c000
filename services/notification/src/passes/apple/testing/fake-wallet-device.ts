import { randomBytes } from 'node:crypto';
import { manifestMismatches, signatureVerifies, unzipPass } from './pkpass-reader';

interface PassField {
  key: string;
  label?: string;
  value: unknown;
  changeMessage?: string;
}

interface HeldPass {
  json: Record<string, unknown> & {
    serialNumber: string;
    passTypeIdentifier: string;
    webServiceURL?: string;
    authenticationToken?: string;
    voided?: boolean;
  };
  lastModified: string | null;
}

/**
 * Plays Apple Wallet on one phone against a PassKit web service, over real HTTP, as WALLET.md describes:
 * adding a pass checks every manifest SHA-1 and the signature (openssl, against `rootPem`) and registers the
 * device; on a push it lists the serials updated since its last tag, fetches each with `If-Modified-Since`,
 * checks it again, and shows what a changed field's `changeMessage` would put on the lock screen.
 */
export class FakeWalletDevice {
  readonly passes = new Map<string, HeldPass>();
  /** what the lock screen showed, oldest first */
  readonly notices: string[] = [];
  /** every answer the device got, in order (`register 201`, `list 204`, `pass 304`, …) */
  readonly answers: string[] = [];
  private tag: string | undefined;

  constructor(
    private readonly rootPem: string,
    readonly libraryId = randomBytes(16).toString('hex'),
    public pushToken = randomBytes(32).toString('hex'),
  ) {}

  /** opens a downloaded `.pkpass` and registers for its updates; the registration's status */
  async add(pkpass: Buffer): Promise<number> {
    const json = await this.verified(pkpass);
    this.passes.set(json.serialNumber, { json, lastModified: null });
    return this.register(json.serialNumber);
  }

  async register(serial: string, token = this.held(serial).json.authenticationToken): Promise<number> {
    const res = await this.call('register', 'POST', this.registrationUrl(serial), {
      token,
      body: { pushToken: this.pushToken },
    });
    return res.status;
  }

  async remove(serial: string): Promise<number> {
    const res = await this.call('unregister', 'DELETE', this.registrationUrl(serial), {
      token: this.held(serial).json.authenticationToken,
    });
    this.passes.delete(serial);
    return res.status;
  }

  /** what Wallet does on a push: the serials it downloaded anew */
  async onPush(): Promise<string[]> {
    const any = [...this.passes.values()][0];
    if (!any) return [];
    const base = any.json.webServiceURL!;
    const query = this.tag ? `?passesUpdatedSince=${encodeURIComponent(this.tag)}` : '';
    const list = await this.call(
      'list',
      'GET',
      `${base}/v1/devices/${this.libraryId}/registrations/${any.json.passTypeIdentifier}${query}`,
      {},
    );
    if (list.status === 204) return [];
    if (list.status !== 200) throw new Error(`list answered ${list.status}`);
    const { serialNumbers, lastUpdated } = (await list.json()) as {
      serialNumbers: string[];
      lastUpdated: string;
    };
    const updated: string[] = [];
    for (const serial of serialNumbers) if (await this.refresh(serial)) updated.push(serial);
    this.tag = lastUpdated;
    return updated;
  }

  /** fetches the latest version of one pass; true when it changed (200), false on 304 */
  async refresh(serial: string): Promise<boolean> {
    const held = this.held(serial);
    const res = await this.call(
      'pass',
      'GET',
      `${held.json.webServiceURL}/v1/passes/${held.json.passTypeIdentifier}/${serial}`,
      {
        token: held.json.authenticationToken,
        headers: held.lastModified ? { 'if-modified-since': held.lastModified } : {},
      },
    );
    if (res.status === 304) return false;
    if (res.status !== 200) throw new Error(`pass ${serial} answered ${res.status}`);
    if (res.headers.get('content-type') !== 'application/vnd.apple.pkpass')
      throw new Error(`pass ${serial} came as ${res.headers.get('content-type')}`);
    const json = await this.verified(Buffer.from(await res.arrayBuffer()));
    this.notices.push(...noticesOf(held.json, json));
    this.passes.set(serial, { json, lastModified: res.headers.get('last-modified') });
    return true;
  }

  async log(lines: string[]): Promise<number> {
    const any = [...this.passes.values()][0]!;
    return (await this.call('log', 'POST', `${any.json.webServiceURL}/v1/log`, { body: { logs: lines } }))
      .status;
  }

  /** a field of a held pass by key (front or back) */
  field(serial: string, key: string): PassField | undefined {
    return fieldsOf(this.held(serial).json).get(key);
  }

  held(serial: string): HeldPass {
    const held = this.passes.get(serial);
    if (!held) throw new Error(`the device holds no pass ${serial}`);
    return held;
  }

  private registrationUrl(serial: string) {
    const { json } = this.held(serial);
    return `${json.webServiceURL}/v1/devices/${this.libraryId}/registrations/${json.passTypeIdentifier}/${serial}`;
  }

  private async verified(pkpass: Buffer): Promise<HeldPass['json']> {
    const files = await unzipPass(pkpass);
    const wrong = manifestMismatches(files);
    if (wrong.length) throw new Error(`manifest does not match: ${wrong.join(', ')}`);
    if (!signatureVerifies(files.get('manifest.json')!, files.get('signature')!, this.rootPem))
      throw new Error('Manifest signature did not verify');
    return JSON.parse(files.get('pass.json')!.toString()) as HeldPass['json'];
  }

  private async call(
    kind: 'register' | 'unregister' | 'list' | 'pass' | 'log',
    method: string,
    url: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<Response> {
    const res = await fetch(url, {
      method,
      headers: {
        ...options.headers,
        ...(options.token !== undefined && { authorization: `ApplePass ${options.token}` }),
        ...(options.body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
    });
    this.answers.push(`${kind} ${res.status}`);
    return res;
  }
}

function fieldsOf(json: Record<string, unknown>): Map<string, PassField> {
  const fields = new Map<string, PassField>();
  const storeCard = (json.storeCard ?? {}) as Record<string, PassField[]>;
  for (const list of Object.values(storeCard)) for (const field of list) fields.set(field.key, field);
  return fields;
}

/** Wallet shows a field's changeMessage (with `%@` = the new value) when its value changed */
function noticesOf(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const old = fieldsOf(before);
  const notices: string[] = [];
  for (const [key, field] of fieldsOf(after)) {
    if (!field.changeMessage || old.get(key)?.value === field.value) continue;
    notices.push(field.changeMessage.replace('%@', String(field.value)));
  }
  return notices;
}
