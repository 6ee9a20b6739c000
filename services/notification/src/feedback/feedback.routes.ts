import { createFeedback } from '@punkto/contracts/endpoints/notification';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import type { FastifyInstance } from 'fastify';
import type { FeedbackService } from './feedback.service';

export function feedbackRoutes(app: FastifyInstance, service: FeedbackService) {
  registerEndpoint(app, createFeedback, async ({ body, request }) => service.report(request.user!, body));
}
