// npm run trials:expire [-- --dry-run]: e-mails the trial reminders that are due (server/trials/service.ts)
// and the e-mails telling that a paid plan ended (server/billing/plan-ends.ts), and prints each one;
// --dry-run prints the ones it would send and sends nothing. Safe from cron on several machines at once
// (each e-mail is claimed in the database first). Exits 1 when one could not be sent: the next run tries it
// again.
import { sendPlanEndNotices, type PlanEndNoticeResult } from '../server/billing/plan-ends.ts';
import { runAdminCommand } from '../server/admin-command.ts';
import { sendTrialReminders, type TrialReminderResult } from '../server/trials/service.ts';

const KIND_LABEL = { ending_soon: 'trial-ending reminder', ended: 'trial-ended reminder' } as const;

function describe({ kind, email, trialEndsAt, outcome }: TrialReminderResult): string {
  const what = `${KIND_LABEL[kind]} to ${email} (trial ends ${trialEndsAt.toISOString()})`;
  if (outcome.status === 'due') return `would send ${what}`;
  if (outcome.status === 'sent') return `sent ${what}`;
  return `FAILED ${what}: ${outcome.error}; the next run tries again`;
}

function describeNotice({ plan, email, endedAt, outcome }: PlanEndNoticeResult): string {
  const what = `${plan ?? 'paid'}-plan-ended e-mail to ${email} (ended ${endedAt.toISOString()})`;
  if (outcome.status === 'due') return `would send ${what}`;
  if (outcome.status === 'sent') return `sent ${what}`;
  return `FAILED ${what}: ${outcome.error}; the next run tries again`;
}

/** Prints what a dry run would send, or what was sent; the number of failures. */
function summarize(label: string, outcomes: { outcome: { status: string } }[], dryRun: boolean): number {
  const failed = outcomes.filter(({ outcome }) => outcome.status === 'failed').length;
  if (dryRun) console.log(`Dry run: ${outcomes.length} ${label}(s) due; nothing sent.`);
  else console.log(`Sent ${outcomes.length - failed} ${label}(s); ${failed} failed.`);
  return failed;
}

await runAdminCommand('trials:expire', async (deps, { dryRun }) => {
  const results = await sendTrialReminders(deps, { dryRun });
  for (const result of results) console.log(describe(result));
  const notices = await sendPlanEndNotices(deps, { dryRun });
  for (const notice of notices) console.log(describeNotice(notice));
  const failed =
    summarize('trial reminder', results, dryRun) + summarize('plan-ended e-mail', notices, dryRun);
  return failed > 0 ? 1 : 0;
});
