import { trpc } from './trpc.ts';

/**
 * Which sign-in methods the server offers (social providers, passkeys): asked once, as they change only
 * with the server's configuration. Undefined until the answer comes.
 */
export function useAuthProviders() {
  return trpc.auth.providers.useQuery(undefined, { staleTime: Infinity }).data;
}
