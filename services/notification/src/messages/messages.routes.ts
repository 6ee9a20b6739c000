import {
  cancelCampaign,
  createCampaign,
  getAudienceSize,
  getCampaign,
  getUnsubscribe,
  listCampaigns,
  listAutomations,
  listMyMessages,
  saveAutomation,
  unsubscribe,
} from '@punkto/contracts/endpoints/messages';
import { MY_MESSAGES_PAGE_SIZE } from '@punkto/contracts/messages';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import { rateLimiter } from '@punkto/platform/security/rate-limiter';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as automations from './automations';
import * as campaigns from './campaigns';
import type { MessagesContext } from './messages-context';
import type { unsubscribes } from './unsubscribe';

/**
 * Company messages over HTTP (ADR 0027): the company's campaigns (`messages.send`; another company's staff:
 * 403), the customer's inbox, and the public unsubscribe link (rate-limited per IP). The one-click POST of
 * RFC 8058 comes from mail providers as `application/x-www-form-urlencoded` (`List-Unsubscribe=One-Click`) or
 * `multipart/form-data`; the page posts JSON `{}`. The token in the path is the credential, so the body is not
 * read beyond being accepted.
 */
export async function messagesRoutes(
  app: FastifyInstance,
  ctx: MessagesContext,
  links: ReturnType<typeof unsubscribes>,
) {
  registerEndpoint(app, createCampaign, async ({ params, body }) =>
    campaigns.createCampaign(ctx, params.id, body),
  );
  registerEndpoint(app, listCampaigns, async ({ params }) => campaigns.listCampaigns(ctx, params.id));
  registerEndpoint(app, getCampaign, async ({ params }) =>
    campaigns.getCampaign(ctx, params.id, params.campaignId),
  );
  registerEndpoint(app, cancelCampaign, async ({ params }) =>
    campaigns.cancelCampaign(ctx, params.id, params.campaignId),
  );
  registerEndpoint(app, getAudienceSize, async ({ params, body }) => ctx.audience.size(params.id, body));
  registerEndpoint(app, listAutomations, async ({ params }) => automations.listAutomations(ctx, params.id));
  registerEndpoint(app, saveAutomation, async ({ params, body }) =>
    automations.saveAutomation(ctx, params.id, body),
  );

  registerEndpoint(app, listMyMessages, async ({ request, query }) => {
    // one more than a page tells whether older ones follow
    const docs = await ctx.inbox.find(
      { userId: request.user!.id },
      {
        sort: { sentAt: -1, _id: -1 },
        skip: (query.pageNumber - 1) * MY_MESSAGES_PAGE_SIZE,
        limit: MY_MESSAGES_PAGE_SIZE + 1,
      },
    );
    return {
      hasMore: docs.length > MY_MESSAGES_PAGE_SIZE,
      messages: docs.slice(0, MY_MESSAGES_PAGE_SIZE).map((d) => ({
        id: d.campaignId,
        tenantId: d.tenantId,
        companyName: d.companyName,
        title: d.title,
        body: d.body,
        sentAt: d.sentAt,
      })),
    };
  });

  const limiter = rateLimiter(ctx.documents, 'Zbyt wiele prób. Odczekaj minutę i spróbuj ponownie.');
  const rule = {
    name: 'message-unsubscribe-ip',
    limit: ctx.config.MESSAGE_UNSUBSCRIBE_RATE_LIMIT_PER_MINUTE,
    windowSeconds: 60,
  };
  const perIp = async (request: FastifyRequest) => limiter.check(ctx.clock(), [rule, request.ip]);
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, typeof body === 'string' ? { raw: body } : undefined),
    );
    registerEndpoint(scope, getUnsubscribe, async ({ params }) => links.view(params.token), {
      rateLimit: perIp,
    });
    registerEndpoint(scope, unsubscribe, async ({ params }) => links.unsubscribe(params.token), {
      rateLimit: perIp,
    });
  });
}
