import type { JobQueue } from '../../lib/jobs/jobs.service.ts';
import type { NoticeSender } from '../../lib/notices.ts';
import type { AdminRepository } from './admin.repository.ts';
import { accountWarning, reportOutcome } from './admin-notices.ts';
import { reportOutcomeNotice, warningNotice } from './admin.service.ts';

/**
 * The reporter hears the outcome with a link to their reports; a warned person hears the warning and its reason;
 * both through the notification centre, in the reader's language when delivered. Each job runs once per decision
 * (keyed), retried on failure; the outcome's notice carries the report's key, so a retry stores it once.
 */
export function registerAdminJobs(jobs: JobQueue, repository: AdminRepository, notices: NoticeSender) {
  jobs.handle(reportOutcomeNotice, async ({ kind, id }) => {
    const report = await repository.reports.find(kind, id);
    if (!report?.outcome) return;
    await notices.send({
      type: reportOutcome,
      recipientId: report.reporter_id,
      link: { route: 'myReports' },
      params: { outcome: report.outcome, listing: report.property_name ?? report.reported_name },
      key: `reports:outcome:${kind}:${id}`,
    });
    await repository.reports.markTold(kind, id);
  });

  jobs.handle(warningNotice, async ({ userId, reason }) => {
    if (!(await repository.users.contact(userId))) return;
    await notices.send({ type: accountWarning, recipientId: userId, link: { route: 'dashboard' }, params: { reason } });
  });
}
