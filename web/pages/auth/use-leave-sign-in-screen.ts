import { useCallback, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { NEXT_PARAM, paths, safeNextPath } from '#src/routes.ts';
import { applyProfileLanguage } from '../../lib/i18n.ts';
import { logFailure } from '../../lib/log.ts';
import { invitationNext } from '../../lib/sign-in-next.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';

/**
 * Leaves a sign-in screen (/login, /auth) once there is a session: an unfinished onboarding is resumed
 * where it stopped (docs/decisions/014-onboarding-resumes.md); otherwise the page the session guard was asked
 * for (`?next=`, only a page of this app) or the dashboard. On the way it applies the profile's language
 * (spec section 4, language); `welcome` adds the toast of a fresh sign-in. Runs once per screen, whoever
 * asks first: the sign-in form or the session that was already there.
 */
export function useLeaveSignInScreen(): (options: { welcome: boolean }) => Promise<void> {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get(NEXT_PARAM));
  const utils = trpc.useUtils();
  const leaving = useRef(false);

  return useCallback(
    async ({ welcome }) => {
      if (leaving.current) return;
      leaving.current = true;
      // a profile that cannot be read leads to the dashboard, whose own guard looks again
      const profile = await utils.profile.me.fetch().catch(logFailure('Reading the profile'));
      if (profile)
        await applyProfileLanguage(profile.language).catch(logFailure('Applying the profile language'));
      const unfinished = profile !== undefined && profile.onboarding_step !== 'done';
      if (welcome) {
        toast({
          title: t`Welcome back!`,
          description: unfinished
            ? t`Let's finish setting up your account.`
            : t`You've successfully signed in.`,
        });
      }
      // a team invitation comes first: joining skips the plan step, the page offers the card step after
      const resume = unfinished && invitationNext(next) === null;
      await navigate(resume ? paths.onboarding : (next ?? paths.dashboard), { replace: true });
    },
    [t, navigate, utils, next],
  );
}
