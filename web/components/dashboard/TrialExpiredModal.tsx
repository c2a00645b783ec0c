import { Link, useLocation } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '#src/routes.ts';
import { PlanEndedHeading } from '../billing/PlanEnded.tsx';
import { PlanPicker } from '../billing/PlanPicker.tsx';
import { useBillingStatus } from '../billing/use-billing-status.ts';
import { Button } from '../ui/Button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../ui/Dialog.tsx';
import { TeamSeatNote } from './TeamSeatNote.tsx';
import { isOpenAfterTrial } from './trial-expired.ts';
import { useLogout } from './use-logout.ts';

const INLINE_LINK_CLASSES = 'font-medium text-brand-strong underline underline-offset-2';

/**
 * Spec section 4, trial state: once the status says the account is not accessible (its trial ended, or its
 * paid plan with no trial left), this modal covers the dashboard until a plan is paid for. It has no close
 * button and ignores Escape and clicks outside; the live status closes it when the payment is confirmed.
 * Account settings and support stay open (the modal links to both, and 'Contact Sales' leads to support),
 * so someone who does not pay can still change their password, turn off two-factor or delete the account;
 * signing out stays possible. A customer whose paid plan ended is told that, never that a trial expired.
 * A team's member is told that the team's pages stay open and their team card live (TeamSeatNote).
 */
export function TrialExpiredModal() {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const { status, loaded } = useBillingStatus();
  const logout = useLogout();
  const open = loaded && !status.is_accessible && !isOpenAfterTrial(pathname);
  // a customer whose paid plan ended is told that, not that a trial expired
  const ended = status.ended_plan;
  return (
    <Dialog open={open}>
      <DialogContent
        closable={false}
        onEscapeKeyDown={(event) => event.preventDefault()}
        onPointerDownOutside={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
        className="max-h-[calc(100dvh-2rem)] max-w-5xl overflow-y-auto"
      >
        <div className="space-y-6">
          <div>
            {ended ? (
              <>
                <DialogTitle>
                  <PlanEndedHeading plan={ended.plan} />
                </DialogTitle>
                <DialogDescription>
                  <Trans>
                    Your public profile is offline, and your vCards and QR codes are paused until you renew
                    your plan or choose another. All your data is kept: renew to bring everything back.
                  </Trans>
                </DialogDescription>
              </>
            ) : (
              <>
                <DialogTitle>{t`Trial Expired`}</DialogTitle>
                <DialogDescription>
                  <Trans>
                    Your public profile is offline, and your vCards and QR codes are paused until you choose a
                    plan. All your data is kept: choose a plan to bring everything back.
                  </Trans>
                </DialogDescription>
              </>
            )}
            {/* before the plans, so a phone shows it without scrolling past three plan cards */}
            <p className="mt-3 text-sm text-slate-700">
              <Trans>
                Not ready to choose?{' '}
                <Link to={paths.account} className={INLINE_LINK_CLASSES}>
                  Account settings
                </Link>{' '}
                (password, two-factor, language, deleting the account) and{' '}
                <Link to={paths.support} className={INLINE_LINK_CLASSES}>
                  support
                </Link>{' '}
                stay open.
              </Trans>{' '}
              <TeamSeatNote linkClassName={INLINE_LINK_CLASSES} />
            </p>
          </div>
          <PlanPicker held={null} />
          <div className="text-center">
            <Button variant="ghost" onClick={() => void logout()}>
              <Trans>Logout</Trans>
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
