import { FeedbackMessages, type CreateFeedbackRequest } from '@punkto/contracts/feedback';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { RateLimitedError } from '@punkto/platform/errors/errors';
import type { AuthUser } from '@punkto/platform/http/auth-plugin';
import type { Mailer } from '@punkto/platform/mail/mailer.port';
import type { Logger } from '@punkto/platform/observability/logger';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { bugReportMail, type BugReport } from './bug-report';

export const BUG_REPORTS_COLLECTION = 'bug-reports';
const HOUR_MS = 3_600_000;

export interface FeedbackServiceDeps {
  documents: DocumentStore;
  mailer: Mailer;
  logger: Logger;
  clock: () => Date;
  operatorEmails: readonly string[];
  /** reports one user may send in any 60 minutes */
  perUserPerHour: number;
}

type ParsedRequest = z.output<typeof CreateFeedbackRequest>;

/**
 * Bug reports: stored in `bug-reports` (technical data, not an event-sourced aggregate), then e-mailed to
 * every operator. The limit is a sliding hour counted over the user's stored reports, so it holds across
 * restarts and instances sharing the store.
 */
export async function createFeedbackService(deps: FeedbackServiceDeps) {
  const reports = deps.documents.collection<BugReport>(BUG_REPORTS_COLLECTION);
  await reports.ensureIndex({ fields: { userId: 1, createdAt: -1 } });

  return {
    async report(user: AuthUser, input: ParsedRequest): Promise<{ id: string; createdAt: string }> {
      const now = deps.clock();
      const since = new Date(now.getTime() - HOUR_MS).toISOString();
      const recent = await reports.count({ userId: user.id, createdAt: { $gt: since } });
      if (recent >= deps.perUserPerHour) throw new RateLimitedError(FeedbackMessages.rateLimited);

      const report: BugReport = {
        _id: randomUUID(),
        description: input.description,
        category: input.category ?? null,
        page: input.page,
        userAgent: input.userAgent,
        viewport: input.viewport ?? null,
        language: input.language ?? null,
        userId: user.id,
        role: user.role,
        tenantId: user.tenantId ?? null,
        email: user.email ?? null,
        createdAt: now.toISOString(),
      };
      await reports.insert(report);
      // stored first: a mail outage must not lose the report (operators can still read the collection)
      for (const to of deps.operatorEmails) {
        try {
          await deps.mailer.send(bugReportMail(report, to));
        } catch (error) {
          deps.logger.error({ err: error, reportId: report._id }, 'bug report e-mail failed');
        }
      }
      return { id: report._id, createdAt: report.createdAt };
    },
  };
}
export type FeedbackService = Awaited<ReturnType<typeof createFeedbackService>>;
