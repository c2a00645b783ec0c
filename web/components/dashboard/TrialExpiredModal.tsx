import { useLocation } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '#src/routes.ts';
import { PlanPicker } from '../billing/PlanPicker.tsx';
import { useBillingStatus } from '../billing/use-billing-status.ts';
import { Button } from '../ui/Button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../ui/Dialog.tsx';
import { useLogout } from './use-logout.ts';

/**
 * Spec section 4, trial state: once the status says the account is not accessible, this modal covers the
 * dashboard until a plan is paid for. It has no close button and ignores Escape and clicks outside; the
 * live status closes it when the payment is confirmed. The support page stays open ('Contact Sales' leads
 * there), and signing out stays possible.
 */
export function TrialExpiredModal() {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const { status, loaded } = useBillingStatus();
  const logout = useLogout();
  const open = loaded && !status.is_accessible && pathname !== paths.support;
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
            <DialogTitle>{t`Trial Expired`}</DialogTitle>
            <DialogDescription>
              <Trans>
                Your public profile is offline, and your vCards and QR codes are paused until you choose a
                plan. All your data is kept: choose a plan to bring everything back.
              </Trans>
            </DialogDescription>
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
