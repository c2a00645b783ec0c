import { Trans } from '@lingui/react/macro';
import { serverPaths } from '#src/routes.ts';

/**
 * On a server without a mail server (outside production), where the confirmation e-mail went: the dev
 * mailbox, opened in a tab of its own so the waiting screen stays.
 */
export function DevMailboxNotice({ shown }: { shown: boolean }) {
  if (!shown) return null;
  return (
    <p className="rounded-xl bg-slate-100 p-4 text-sm text-slate-700">
      <Trans>
        This server sends no email yet: the message is in its{' '}
        <a
          href={serverPaths.devMail}
          target="_blank"
          rel="noopener"
          className="rounded font-semibold text-brand-strong underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-strong"
        >
          dev mailbox
        </a>
        .
      </Trans>
    </p>
  );
}
