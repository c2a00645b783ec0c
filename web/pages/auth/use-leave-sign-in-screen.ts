import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { paths } from '#src/routes.ts';
import { applyProfileLanguage } from '../../lib/i18n.ts';
import { logFailure } from '../../lib/log.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';

/**
 * Leaves a sign-in screen (/login, /auth) for the dashboard once there is a session. On the way it applies
 * the profile's language (spec section 4, language) and marks the profile initialized (spec section 4,
 * profile initialisation); `welcome` adds the 'Welcome back!' toast of a fresh sign-in. Runs once per
 * screen, whoever asks first: the sign-in form or the session that was already there.
 */
export function useLeaveSignInScreen(): (options: { welcome: boolean }) => Promise<void> {
  const { t } = useLingui();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const { mutateAsync: completeInitialization } = trpc.profile.completeInitialization.useMutation();
  const leaving = useRef(false);

  return useCallback(
    async ({ welcome }) => {
      if (leaving.current) return;
      leaving.current = true;
      await Promise.all([
        utils.profile.me
          .fetch()
          .then((profile) => applyProfileLanguage(profile.language))
          .catch(logFailure('Reading the profile language')),
        completeInitialization().catch(logFailure('Marking the profile initialized')),
      ]);
      if (welcome) toast({ title: t`Welcome back!`, description: t`You've successfully signed in.` });
      await navigate(paths.dashboard, { replace: true });
    },
    [t, navigate, utils, completeInitialization],
  );
}
