import { useState } from 'react';
import { authClient } from './auth-client.ts';

export type SessionStatus = 'checking' | 'signed-in' | 'signed-out';

/**
 * The session as a screen needs it. better-auth's hook turns `isPending` on again for every refetch made
 * without a session (after a sign-in attempt, on window focus); here 'checking' lasts only until the first
 * answer, so a refetch never swaps a half-filled form for a loading state.
 */
export function useSessionStatus(): { status: SessionStatus; refetch: () => void } {
  const { data, isPending, refetch } = authClient.useSession();
  const [answered, setAnswered] = useState(false);
  // React's "adjust state while rendering" pattern: remembered from the first answer on
  if (!isPending && !answered) setAnswered(true);
  const status: SessionStatus = data?.user ? 'signed-in' : answered || !isPending ? 'signed-out' : 'checking';
  return { status, refetch: () => void refetch() };
}
