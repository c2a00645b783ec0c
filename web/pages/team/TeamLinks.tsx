import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { ArrowLeft } from 'lucide-react';
import { paths } from '#src/routes.ts';

/** The way back to the team page from one of the team's own pages, above its heading. */
export function TeamBackLink() {
  return (
    <Link
      to={paths.team}
      className="inline-flex items-center gap-1 text-sm font-semibold text-brand-strong underline-offset-2 hover:underline"
    >
      <ArrowLeft aria-hidden className="size-4" />
      <Trans>Team</Trans>
    </Link>
  );
}

/** The way to the team page from a notice saying this page is not for the person. */
export function GoToTeamPage() {
  return (
    <p>
      <Link to={paths.team} className="font-semibold underline underline-offset-2">
        <Trans>Go to the team page</Trans>
      </Link>
    </p>
  );
}
