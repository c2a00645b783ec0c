import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { planPickerPath } from '#src/routes.ts';

/**
 * Why a create button did nothing, and where to upgrade (spec section 2, 'Plan Limit Reached' banner):
 * shown once the person tries to create past the limit, and announced then.
 */
export function PlanLimitNotice({ id }: { id: string }) {
  return (
    <div
      id={id}
      role="alert"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p className="font-semibold">
        <Trans>Plan Limit Reached</Trans>
      </p>
      <p>
        <Trans>
          You've reached your plan limit. Upgrade to unlock more features.{' '}
          <Link to={planPickerPath} className="font-semibold text-amber-950 underline underline-offset-2">
            Upgrade plan
          </Link>
        </Trans>
      </p>
    </div>
  );
}

/** A full plan, said quietly before anything is refused: a new account is not greeted with a warning. */
export function PlanFullNote({ id }: { id: string }) {
  return (
    <p id={id} className="text-sm text-slate-700">
      <Trans>
        That is everything your plan includes.{' '}
        <Link to={planPickerPath} className="font-semibold text-brand-strong underline underline-offset-2">
          Upgrade plan
        </Link>{' '}
        to add more.
      </Trans>
    </p>
  );
}
