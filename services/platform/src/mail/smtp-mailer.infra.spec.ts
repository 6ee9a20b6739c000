import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { mailerContract, type ReceivedMail } from './mailer.contract';
import { parseMail } from './mime-parse';
import { SmtpMailer } from './smtp-mailer';

const FROM = 'Punkto <no-reply@punkto.local>';

// The SAME contract as the `.eml` mailer, over real SMTP: an in-process `smtp-server` accepts every
// message and the harness parses what arrived on the wire with our MIME reader.
mailerContract('smtp', async () => {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const parsed = parseMail(Buffer.concat(chunks));
        received.push({
          to: parsed.to,
          from: parsed.from,
          subject: parsed.subject,
          text: parsed.text ?? '',
          html: parsed.html ?? '',
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    from: FROM,
    open: () => SmtpMailer.open({ url: `smtp://127.0.0.1:${port}`, from: FROM }),
    received: async () => [...received],
    cleanup: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
});
