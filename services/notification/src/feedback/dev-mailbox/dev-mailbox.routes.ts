import { NotFoundError } from '@punkto/platform/errors/errors';
import { isLoopbackRequest } from '@punkto/platform/http/loopback-only';
import { renderMailboxList, renderMailboxMessage } from '@punkto/platform/mail/mailbox-page';
import type { Mailbox } from '@punkto/platform/mail/mailer.port';
import { parseMail } from '@punkto/platform/mail/mime-parse';
import type { FastifyInstance } from 'fastify';

/**
 * The dev mailbox (embedded mode): every e-mail any service "sent" is an `.eml` file in DATA_DIR/mailbox;
 * these pages list them and show one, so activation and reset links can be followed without an SMTP server.
 */
export function registerDevMailbox(
  app: FastifyInstance,
  mailbox: Mailbox,
  { loopbackOnly }: { loopbackOnly: boolean },
): void {
  const html = 'text/html; charset=utf-8';
  // DEV_MAILBOX=loopback: behind the gateway the peer is the gateway, which forwards the client's address
  // and host, so the same check holds here too (defence in depth)
  if (loopbackOnly)
    app.addHook('onRequest', async (request) => {
      if (request.url.startsWith('/dev/mailbox') && !isLoopbackRequest(request))
        throw new NotFoundError(`Nie znaleziono zasobu: ${request.method} ${request.url.split('?')[0]}`);
    });
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
