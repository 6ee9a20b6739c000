import type { FastifyInstance } from 'fastify';
import type { NotificationDeps } from '../config';
import { registerDevMailbox } from './dev-mailbox/dev-mailbox.routes';
import { feedbackRoutes } from './feedback.routes';
import { createFeedbackService } from './feedback.service';

/**
 * The feedback module: bug reports to the operators (`/feedback`) and, in development, the mailbox pages that
 * show every e-mail the product "sent".
 */
export async function buildFeedback(
  deps: NotificationDeps,
): Promise<{ routes: (app: FastifyInstance) => void }> {
  const feedback = await createFeedbackService({
    documents: deps.infra.documents,
    mailer: deps.infra.mailer,
    logger: deps.logger,
    clock: deps.clock,
    operatorEmails: deps.config.OPERATOR_EMAILS,
    perUserPerHour: deps.config.FEEDBACK_RATE_LIMIT_PER_HOUR,
  });
  const { mailbox } = deps.infra;
  return {
    routes: (app) => {
      if (deps.config.DEV_MAILBOX !== 'off' && mailbox)
        registerDevMailbox(app, mailbox, { loopbackOnly: deps.config.DEV_MAILBOX === 'loopback' });
      feedbackRoutes(app, feedback);
    },
  };
}
