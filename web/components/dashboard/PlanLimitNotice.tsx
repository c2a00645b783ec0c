import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { paths } from '#src/routes.ts';

/** Why a create button is blocked, and where to upgrade (spec section 2, 'Plan Limit Reached' banner). */
export function PlanLimitNotice({ id }: { id: string }) {
  return (
    <div id={id} className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="font-semibold">
        <Trans>Plan Limit Reached</Trans>
      </p>
      <p>
        <Trans>
          You've reached your plan limit. Upgrade to unlock more features.{' '}
          <Link to={paths.billing} className="font-semibold text-amber-950 underline underline-offset-2">
            Upgrade plan
          </Link>
        </Trans>
      </p>
    </div>
  );
}
