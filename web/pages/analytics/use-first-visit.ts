import { useEffect, useState } from 'react';
import { logFailure } from '../../lib/log.ts';
import { trpc } from '../../lib/trpc.ts';

/**
 * Whether this is the person's first visit to the dashboard's home, on any device (the server keeps when
 * it first greeted them): "Welcome" then, "Welcome back" from the next visit on. Null until known.
 */
export function useFirstVisit(): boolean | null {
  const profile = trpc.profile.me.useQuery().data;
  const utils = trpc.useUtils();
  const { mutateAsync: markWelcomed } = trpc.onboarding.markWelcomed.useMutation();
  // decided once per visit: the profile read again after the mark must not turn "Welcome" into "back"
  const [firstVisit, setFirstVisit] = useState<boolean | null>(null);
  if (profile && firstVisit === null) setFirstVisit(profile.welcomed_at === null);

  useEffect(() => {
    if (!firstVisit) return;
    // the next visit reads "Welcome back" from the cached profile, without loading it again
    void markWelcomed()
      .then(() => utils.profile.me.setData(undefined, (old) => old && { ...old, welcomed_at: new Date() }))
      .catch(logFailure('Marking the first dashboard visit'));
  }, [firstVisit, markWelcomed, utils]);

  return firstVisit;
}
