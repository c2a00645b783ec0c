// npm run trials:expire [-- --dry-run]: e-mails the trial reminders that are due (server/trials/service.ts)
// and prints each one; --dry-run prints the ones it would send and sends nothing. Safe from cron on several
// machines at once (each reminder is claimed in the database first). Exits 1 when a reminder could not be
// sent: the next run tries it again.
import { runAdminCommand } from '../server/jobs/command.ts';
import { sendTrialReminders, type TrialReminderResult } from '../server/trials/service.ts';

const KIND_LABEL = { ending_soon: 'trial-ending reminder', ended: 'trial-ended reminder' } as const;

function describe({ kind, email, trialEndsAt, outcome }: TrialReminderResult): string {
  const what = `${KIND_LABEL[kind]} to ${email} (trial ends ${trialEndsAt.toISOString()})`;
  if (outcome.status === 'due') return `would send ${what}`;
  if (outcome.status === 'sent') return `sent ${what}`;
  return `FAILED ${what}: ${outcome.error}; the next run tries again`;
}

await runAdminCommand('trials:expire', async (deps, { dryRun }) => {
  const results = await sendTrialReminders(deps, { dryRun });
  for (const result of results) console.log(describe(result));
  const failed = results.filter((result) => result.outcome.status === 'failed').length;
  if (dryRun) {
    console.log(`Dry run: ${results.length} trial reminder(s) due; nothing sent.`);
  } else {
    console.log(`Sent ${results.length - failed} trial reminder(s); ${failed} failed.`);
  }
  return failed > 0 ? 1 : 0;
});
