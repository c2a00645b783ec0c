import { useQuery } from '@tanstack/react-query';
import { authCall, authClient } from '../../lib/auth-client.ts';
import { AuthCallError } from '../../lib/auth-error.ts';

export const SESSIONS_QUERY_KEY = ['auth', 'sessions'] as const;

export interface ActiveSession {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: Date;
  /** Refreshed by better-auth while the session is used: when it was last active, roughly. */
  updatedAt: Date;
}

/** The signed-in person's active sessions, most recently active first. */
export function useSessions() {
  return useQuery({
    queryKey: SESSIONS_QUERY_KEY,
    queryFn: async (): Promise<ActiveSession[]> => {
      const { data, error } = await authCall(authClient.listSessions());
      if (error) throw new AuthCallError(error);
      return data
        .map((session) => ({
          id: session.id,
          userAgent: session.userAgent ?? null,
          ipAddress: session.ipAddress ?? null,
          // JSON carries dates as strings, whatever the client's types say
          createdAt: new Date(session.createdAt),
          updatedAt: new Date(session.updatedAt),
        }))
        .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
    },
  });
}
