import { NotFoundError } from '@punkto/platform/errors/errors';
import { renderMailboxList, renderMailboxMessage } from '@punkto/platform/mail/mailbox-page';
import type { Mailbox } from '@punkto/platform/mail/mailer.port';
import { parseMail } from '@punkto/platform/mail/mime-parse';
import type { FastifyInstance } from 'fastify';

/**
 * The dev mailbox (embedded mode): every e-mail any service "sent" is an `.eml` file in DATA_DIR/mailbox;
 * these pages list them and show one, so activation and reset links can be followed without an SMTP server.
 */
export function registerDevMailbox(app: FastifyInstance, mailbox: Mailbox): void {
  const html = 'text/html; charset=utf-8';
  app.get('/dev/mailbox', async (_request, reply) =>
    reply.type(html).send(renderMailboxList(await mailbox.list())),
  );
  app.get<{ Params: { id: string } }>('/dev/mailbox/:id', async (request, reply) => {
    const raw = request.params.id.endsWith('.eml');
    const id = raw ? request.params.id.slice(0, -'.eml'.length) : request.params.id;
    const message = await mailbox.raw(id).catch(() => null);
    if (message === null) throw new NotFoundError('Nie ma takiej wiadomości.');
    if (raw)
      return reply
        .type('message/rfc822')
        .header('content-disposition', `attachment; filename="${id}.eml"`)
        .send(message);
    const entry = (await mailbox.list()).find((e) => e.id === id);
    if (!entry) throw new NotFoundError('Nie ma takiej wiadomości.');
    return reply.type(html).send(renderMailboxMessage(entry, parseMail(message)));
  });
}
