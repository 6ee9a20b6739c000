import type { NotificationDeps } from '../config';
import type { RouteRegistrations } from '../shared/route-registrations';
import { registerDevMailbox } from './dev-mailbox/dev-mailbox.routes';
import { feedbackRoutes } from './feedback.routes';
import { createFeedbackService } from './feedback.service';

/**
 * The feedback module: bug reports to the operators (`/feedback`) and, in development, the mailbox pages that
 * show every e-mail the product "sent".
 */
export async function buildFeedback(routes: RouteRegistrations, deps: NotificationDeps): Promise<void> {
  const { mailbox } = deps.infra;
  if (deps.config.DEV_MAILBOX !== 'off' && mailbox)
    routes.push((app) =>
      registerDevMailbox(app, mailbox, { loopbackOnly: deps.config.DEV_MAILBOX === 'loopback' }),
    );
  const feedback = await createFeedbackService({
    documents: deps.infra.documents,
    mailer: deps.infra.mailer,
    logger: deps.logger,
    clock: deps.clock,
    operatorEmails: deps.config.OPERATOR_EMAILS,
    perUserPerHour: deps.config.FEEDBACK_RATE_LIMIT_PER_HOUR,
  });
  routes.push((app) => feedbackRoutes(app, feedback));
}
