import { appendFile, mkdtemp, readdir, readFile, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmlMailer } from './eml-mailer';
import { mailerContract } from './mailer.contract';
import { parseMail } from './mime-parse';

const FROM = 'Punkto <no-reply@punkto.local>';

mailerContract('eml', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'punkto-mail-'));
  let mailer: EmlMailer | undefined;
  return {
    from: FROM,
    open: async () => (mailer = await EmlMailer.open(dir, { from: FROM })),
    // Read back through the Mailbox port and our MIME reader, i.e. what the dev mailbox page shows.
    received: async () => {
      const entries = await mailer!.list();
      return Promise.all(
        entries.map(async (entry) => {
          const parsed = parseMail((await mailer!.raw(entry.id))!);
          return {
            to: parsed.to,
            from: parsed.from,
            subject: parsed.subject,
            text: parsed.text ?? '',
            html: parsed.html ?? '',
          };
        }),
      );
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
});

describe('EmlMailer as a Mailbox', () => {
  let dir: string;
  let now: Date;
  const open = () => EmlMailer.open(dir, { from: FROM, now: () => now });

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'punkto-mailbox-'));
    now = new Date('2026-11-20T10:00:00Z');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const send = (mailer: EmlMailer, i: number, tag?: string) =>
    mailer.send({
      to: `u${i}@example.pl`,
      subject: `Temat ${i} — Łódź`,
      text: `t${i}`,
      html: `<p>${i}</p>`,
      ...(tag ? { tag } : {}),
    });

  it('lists entries newest first with to, from, subject, tag and date', async () => {
    const mailer = await open();
    await send(mailer, 1, 'account-activation');
    now = new Date('2026-11-20T10:05:00Z');
    await send(mailer, 2);
    const list = await mailer.list();
    expect(list.map((e) => e.subject)).toEqual(['Temat 2 — Łódź', 'Temat 1 — Łódź']);
    expect(list[1]).toMatchObject({
      to: 'u1@example.pl',
      from: FROM,
      tag: 'account-activation',
      date: '2026-11-20T10:00:00.000Z',
    });
    expect(list[0]).not.toHaveProperty('tag');
  });

  it('writes RFC 822 files with 7-bit, RFC 2047 encoded headers and the tag header', async () => {
    const mailer = await open();
    await send(mailer, 1, 'password-reset');
    const [entry] = await mailer.list();
    const raw = (await mailer.raw(entry!.id))!;
    const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
    expect(head).toMatch(/^Subject: =\?UTF-8\?[QB]\?/m);
    expect(head).toMatch(/^X-Punkto-Tag: password-reset$/m);
    expect(head).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(head).toMatch(/^Date: Fri, 20 Nov 2026 10:00:00 \+0000$/m);
    expect([...raw].every((char) => char.charCodeAt(0) < 0x80)).toBe(true); // 7-bit only
    expect(parseMail(raw).subject).toBe('Temat 1 — Łódź');
    expect((await readdir(dir)).filter((f) => f.endsWith('.eml'))).toEqual([`${entry!.id}.eml`]);
    expect(await readdir(join(dir, '.tmp'))).toEqual([]);
  });

  it.each([
    '../index.jsonl',
    '..%2Findex',
    '/etc/passwd',
    'index.jsonl',
    '0196f0c2-aaaa-7bbb-8ccc-ddddeeeeffff/../x',
    '',
  ])('raw(%j) refuses ids that are not message ids', async (id) => {
    const mailer = await open();
    expect(await mailer.raw(id)).toBeNull();
  });

  it('keeps one copy of a message sent again with the same Message-ID (a resend after a crash)', async () => {
    const mailer = await open();
    const message = {
      to: 'anna@example.pl',
      subject: 'Nowe ciasto',
      text: 'Od jutra sernik.',
      html: '<p>Od jutra sernik.</p>',
      messageId: '<kampania-1.osoba-7@punkto.local>',
    };
    const first = await mailer.send(message);
    now = new Date(now.getTime() + 1000);
    const again = await mailer.send(message);
    await mailer.send({ ...message, messageId: '<kampania-1.osoba-8@punkto.local>' });
    expect(first.messageId).toBe('<kampania-1.osoba-7@punkto.local>');
    expect(again.messageId).toBe(first.messageId);
    const entries = await mailer.list();
    expect(entries).toHaveLength(2);
    const raw = await mailer.raw(entries.find((e) => e.date === now.toISOString())!.id);
    expect(raw).toContain('Message-ID: <kampania-1.osoba-');
    expect((await readdir(dir)).filter((f) => f.endsWith('.eml'))).toHaveLength(2);
  });

  it('raw of an unknown id is null', async () => {
    expect(await (await open()).raw('0196f0c2-aaaa-7bbb-8ccc-ddddeeeeffff')).toBeNull();
  });

  it('keeps messages across reopen', async () => {
    const first = await open();
    await send(first, 1);
    await first.close();
    const second = await open();
    await send(second, 2);
    expect((await second.list()).map((e) => e.to)).toEqual(['u2@example.pl', 'u1@example.pl']);
  });

  it('re-indexes a message whose index line was lost in a crash, and survives a torn line', async () => {
    const mailer = await open();
    await send(mailer, 1, 'tagged');
    await send(mailer, 2);
    await mailer.close();
    // Simulate: index lost entirely, then a torn partial line from an interrupted append.
    await unlink(join(dir, 'index.jsonl'));
    await appendFile(join(dir, 'index.jsonl'), '{"id":"0196');
    const reopened = await open();
    const list = await reopened.list();
    expect(list.map((e) => e.subject)).toEqual(['Temat 2 — Łódź', 'Temat 1 — Łódź']);
    expect(list[1]).toMatchObject({
      tag: 'tagged',
      to: 'u1@example.pl',
      from: FROM,
      date: '2026-11-20T10:00:00.000Z',
    });
    await send(reopened, 3);
    expect(await reopened.list()).toHaveLength(3);
    expect((await readFile(join(dir, 'index.jsonl'), 'utf8')).split('\n').filter(Boolean)).toHaveLength(4); // 3 + torn line
  });
});

// ADR 0040: the company as the sender, header-safe on the wire.
describe('EmlMailer with a company as the sender', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'punkto-sender-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes the display name RFC 2047-encoded on the configured address, and the Reply-To', async () => {
    const mailer = await EmlMailer.open(dir, { from: FROM });
    await mailer.send({
      to: 'pracownik@example.pl',
      subject: 'Zaproszenie',
      text: 't',
      html: '<p>t</p>',
      senderName: 'Zakład „Żaneta”, "Łódź" przez Punkto',
      replyTo: 'kontakt@zaneta.pl',
    });
    const [entry] = await mailer.list();
    const raw = (await mailer.raw(entry!.id))!;
    const fromLine = /^From: (.*(?:\r\n[ \t].*)*)/m.exec(raw)![1]!;
    // on the wire: ASCII only, the name encoded, the address Punkto's own
    expect(fromLine).toMatch(/^=\?UTF-8\?/);
    expect(fromLine).toContain('<no-reply@punkto.local>');
    expect(/^[\x20-\x7E\r\n\t]*$/.test(fromLine)).toBe(true);
    expect(raw).toMatch(/^Reply-To: kontakt@zaneta\.pl\r?$/m);
    // read back: the name as the company wrote it
    const parsed = parseMail(raw);
    expect(parsed.from).toContain('Zakład „Żaneta”, "Łódź" przez Punkto');
    expect(parsed.from).toContain('<no-reply@punkto.local>');
    expect(parsed.headers['reply-to']).toBe('kontakt@zaneta.pl');
    expect(entry!.from).toBe('Zakład „Żaneta”, "Łódź" przez Punkto <no-reply@punkto.local>');
  });

  it('without a sender name: the configured sender and no Reply-To, as before', async () => {
    const mailer = await EmlMailer.open(dir, { from: FROM });
    await mailer.send({ to: 'a@example.pl', subject: 'S', text: 't', html: '<p>t</p>' });
    const [entry] = await mailer.list();
    const raw = (await mailer.raw(entry!.id))!;
    expect(parseMail(raw).from).toBe(FROM);
    expect(raw).not.toMatch(/^Reply-To:/m);
  });
});
