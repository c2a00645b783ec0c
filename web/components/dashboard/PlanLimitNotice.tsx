import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { paths } from '#src/routes.ts';

/** Why a create button is blocked, and where to upgrade (spec section 2, 'plan limit reached'). */
export function PlanLimitNotice({ id }: { id: string }) {
  return (
    <p id={id} className="text-sm text-slate-700">
      <Trans>
        You've reached your plan limit. Upgrade to unlock more features.{' '}
        <Link to={paths.billing} className="font-semibold text-brand-strong underline underline-offset-2">
          Upgrade plan
        </Link>
      </Trans>
    </p>
  );
}
