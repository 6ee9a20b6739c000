import { createHash } from 'node:crypto';
import { mkdir, open, readdir, readFile } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer';
import { v7 as uuidv7 } from 'uuid';
import type { MailboxEntry, Mailbox, MailMessage, Mailer, SentMail } from './mailer.port';
import { parseHeaders } from './mime-parse';
import { senderFields } from './company-sender';
import { writeFileAtomically } from '../files/write-atomically';

export interface EmlMailerOptions {
  /** default sender, e.g. `Punkto <no-reply@punkto.local>` */
  from: string;
  now?: () => Date;
}

/** Header carrying `MailMessage.tag` (visible in the dev mailbox and in the raw message). */
export const TAG_HEADER = 'X-Punkto-Tag';

const INDEX_FILE = 'index.jsonl';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Embedded Mailer + Mailbox: every message becomes `<dir>/<uuidv7>.eml` (RFC 822, built by nodemailer's
 * MailComposer: multipart/alternative text + HTML, RFC 2047 encoded UTF-8 headers, quoted-printable
 * bodies), written atomically (temp file, fsync, rename, fsync dir).
 *
 * `index.jsonl` holds one MailboxEntry per line so `list()` needs no MIME parsing. It is appended AFTER the
 * `.eml` is durable; a crash in between leaves a message missing from the index, which `open()` repairs by
 * reading the headers of unindexed files. Ids are UUIDv7, so "newest first" is a descending sort by id.
 */
export class EmlMailer implements Mailer, Mailbox {
  /** serializes index appends within this process */
  private appending: Promise<void> = Promise.resolve();

  private constructor(
    private readonly dir: string,
    private readonly options: Required<EmlMailerOptions>,
  ) {}

  static async open(dir: string, options: EmlMailerOptions): Promise<EmlMailer> {
    await mkdir(join(dir, '.tmp'), { recursive: true });
    const mailer = new EmlMailer(dir, { now: () => new Date(), ...options });
    await mailer.repairIndex();
    return mailer;
  }

  async send(message: MailMessage): Promise<SentMail> {
    const sender = senderFields(message, this.options.from);
    const from = sender.fromLine;
    const date = this.options.now();
    // a given Message-ID names the file: sending it again replaces the copy instead of adding one
    const id = message.messageId ? uuidOfMessageId(message.messageId) : uuidv7();
    const messageId = message.messageId ?? `<${id}@${domainOf(from)}>`;
    const raw = await new MailComposer({ ...mailFields(message, sender, messageId), date }).compile().build();
    await this.writeAtomically(`${id}.eml`, raw);
    const entry: MailboxEntry = {
      id,
      to: message.to,
      from,
      subject: message.subject,
      date: date.toISOString(),
    };
    if (message.tag) entry.tag = message.tag;
    await this.appendToIndex([entry]);
    return { messageId };
  }

  async list(): Promise<MailboxEntry[]> {
    const byId = new Map<string, MailboxEntry>();
    for (const entry of await this.readIndex()) byId.set(entry.id, entry);
    // newest first: by date, then by id (UUIDv7 ids of one millisecond in sending order)
    return [...byId.values()].sort((a, b) =>
      a.date !== b.date ? (a.date < b.date ? 1 : -1) : a.id < b.id ? 1 : a.id > b.id ? -1 : 0,
    );
  }

  async raw(id: string): Promise<string | null> {
    if (!UUID.test(id)) return null; // also rules out path traversal
    try {
      return await readFile(join(this.dir, `${id}.eml`), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.appending;
  }

  private async readIndex(): Promise<MailboxEntry[]> {
    let content: string;
    try {
      content = await readFile(join(this.dir, INDEX_FILE), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const entries: MailboxEntry[] = [];
    for (const line of content.split('\n')) {
      if (!line.trim()) continue;
      try {
        const entry = JSON.parse(line) as MailboxEntry;
        if (typeof entry.id === 'string' && UUID.test(entry.id)) entries.push(entry);
      } catch {
        // a torn last line from a crash mid-append: the message is re-indexed by repairIndex()
      }
    }
    return entries;
  }

  private async repairIndex(): Promise<void> {
    const indexed = new Set((await this.readIndex()).map((entry) => entry.id));
    const missing: MailboxEntry[] = [];
    for (const name of await readdir(this.dir)) {
      const id = name.endsWith('.eml') ? name.slice(0, -4) : '';
      if (!UUID.test(id) || indexed.has(id)) continue;
      const headers = parseHeaders(await readFile(join(this.dir, name)));
      const date = new Date(headers['date'] ?? '');
      const entry: MailboxEntry = {
        id,
        to: headers['to'] ?? '',
        from: headers['from'] ?? '',
        subject: headers['subject'] ?? '',
        date: Number.isNaN(date.getTime()) ? new Date(0).toISOString() : date.toISOString(),
      };
      const tag = headers[TAG_HEADER.toLowerCase()];
      if (tag) entry.tag = tag;
      missing.push(entry);
    }
    if (missing.length > 0) await this.appendToIndex(missing);
  }

  private appendToIndex(entries: MailboxEntry[]): Promise<void> {
    const lines = entries.map((entry) => `${JSON.stringify(entry)}\n`).join('');
    const run = this.appending.then(async () => {
      const handle = await open(join(this.dir, INDEX_FILE), 'a+');
      try {
        // Start on a fresh line if a crash left a torn last line.
        const { size } = await handle.stat();
        const prefix = size > 0 && (await lastByte(handle, size)) !== 0x0a ? '\n' : '';
        await handle.appendFile(prefix + lines);
        await handle.sync();
      } finally {
        await handle.close();
      }
    });
    this.appending = run.catch(() => undefined);
    return run;
  }

  private writeAtomically(name: string, body: Buffer): Promise<void> {
    return writeFileAtomically(join(this.dir, '.tmp', `${name}.${uuidv7()}`), join(this.dir, name), body);
  }
}

async function lastByte(handle: FileHandle, size: number): Promise<number> {
  const buffer = Buffer.alloc(1);
  await handle.read(buffer, 0, 1, size - 1);
  return buffer[0] ?? 0x0a;
}

/**
 * nodemailer's fields of one message, the same for every adapter (this `.eml` one and SMTP): the sender's From
 * and Reply-To, text + HTML, the message's headers with the `X-Punkto-Tag`, and the Message-ID.
 */
export function mailFields(message: MailMessage, sender: ReturnType<typeof senderFields>, messageId: string) {
  const headers: Record<string, string> = { ...(message.headers ?? {}) };
  if (message.tag) headers[TAG_HEADER] = message.tag;
  return {
    from: sender.from,
    ...(sender.replyTo && { replyTo: sender.replyTo }),
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers,
    messageId,
  };
}

export function domainOf(address: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(address);
  return match?.[1] ?? 'punkto.local';
}

/** A UUID-shaped file id derived from a given Message-ID (SHA-256), so one id is one file. */
function uuidOfMessageId(messageId: string): string {
  const h = createHash('sha256').update(messageId, 'utf8').digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}
