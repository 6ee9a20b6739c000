import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Mailer } from './mailer.port';

/** A message as the receiving side saw it, bodies decoded. */
export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * The ONE contract for Mailer adapters (`.eml` files now, SMTP later — its harness will feed `received()`
 * from an in-process SMTP server). `harness()` gives a fresh sink; `from` is the sender the adapter is
 * configured with.
 */
export interface MailerHarness {
  from: string;
  open(): Promise<Mailer>;
  /** every message delivered so far, in any order */
  received(): Promise<ReceivedMail[]>;
  cleanup(): Promise<void>;
}

/** Line endings become CRLF on the wire and trailing whitespace may be trimmed: compare modulo that. */
const normalize = (body: string) =>
  body
    .replace(/\r\n/g, '\n')
    .replace(/[ \t]+$/gm, '')
    .trimEnd();
const address = (value: string) => /<([^>]+)>/.exec(value)?.[1] ?? value.trim();

export function mailerContract(adapterName: string, harness: () => Promise<MailerHarness>): void {
  describe(`Mailer contract: ${adapterName}`, () => {
    let env: MailerHarness;
    let mailer: Mailer;

    beforeEach(async () => {
      env = await harness();
      mailer = await env.open();
    });

    afterEach(async () => {
      await mailer.close();
      await env.cleanup();
    });

    async function receivedBySubject(subject: string): Promise<ReceivedMail> {
      const match = (await env.received()).filter((mail) => mail.subject === subject);
      expect(match).toHaveLength(1);
      return match[0]!;
    }

    it('delivers text and HTML with a Polish subject intact', async () => {
      const subject = 'Aktywuj konto w Punkto — zażółć gęślą jaźń, ŁÓDŹ';
      const sent = await mailer.send({
        to: 'anna.kowalska@example.pl',
        subject,
        text: 'Cześć Anno!\nKliknij link, aby aktywować konto: https://punkto.local/aktywacja?token=abc&x=1',
        html: '<p>Cześć <b>Anno</b>!</p><p><a href="https://punkto.local/aktywacja?token=abc&amp;x=1">Aktywuj konto</a></p>',
        tag: 'account-activation',
      });
      expect(sent.messageId).toMatch(/^<.+@.+>$/);

      const mail = await receivedBySubject(subject);
      expect(address(mail.to)).toBe('anna.kowalska@example.pl');
      expect(address(mail.from)).toBe(address(env.from));
      expect(normalize(mail.text)).toBe(
        'Cześć Anno!\nKliknij link, aby aktywować konto: https://punkto.local/aktywacja?token=abc&x=1',
      );
      expect(normalize(mail.html)).toBe(
        '<p>Cześć <b>Anno</b>!</p><p><a href="https://punkto.local/aktywacja?token=abc&amp;x=1">Aktywuj konto</a></p>',
      );
    });

    it('keeps long lines, equals signs and emoji through transfer encoding', async () => {
      const longLine = `${'Punkty: 100 = 10 zł; '.repeat(20)}🎉`;
      const html = `<div style="color:#333">${'Ćma żółta '.repeat(30)}</div>`;
      await mailer.send({ to: 'b@example.pl', subject: 'Długie linie 🎉', text: longLine, html });
      const mail = await receivedBySubject('Długie linie 🎉');
      expect(normalize(mail.text)).toBe(normalize(longLine));
      expect(normalize(mail.html)).toBe(normalize(html));
    });

    it('uses the given sender instead of the default one', async () => {
      await mailer.send({
        from: 'Kawiarnia Żółw <kontakt@zolw.example.pl>',
        to: 'c@example.pl',
        subject: 'Od kawiarni',
        text: 't',
        html: '<p>t</p>',
      });
      expect(address((await receivedBySubject('Od kawiarni')).from)).toBe('kontakt@zolw.example.pl');
    });

    it('delivers every message of a burst, each with its own message id', async () => {
      const sent = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          mailer.send({
            to: `u${i}@example.pl`,
            subject: `Wiadomość ${i}`,
            text: `${i}`,
            html: `<p>${i}</p>`,
          }),
        ),
      );
      expect(new Set(sent.map((s) => s.messageId)).size).toBe(5);
      const received = await env.received();
      expect(received.map((mail) => mail.subject).sort()).toEqual(
        [0, 1, 2, 3, 4].map((i) => `Wiadomość ${i}`),
      );
    });
  });
}
