import type { TRPCLink } from '@trpc/client';
import { observable, type Unsubscribable } from '@trpc/server/observable';
import type { AppRouter } from '#server/app-router.ts';
import { trpcFailure } from './trpc-failure.ts';
import { recoverableAccount, recoverSession } from './session-recovery.ts';

/**
 * One mechanism for every save (tRPC mutation): when the server answers `unauthenticated` (the session
 * ended), the call does not fail yet. It waits for the sign-in dialog and, once the page's own account
 * is signed in again, is sent again with the same input, so the form that sent it just sees its save
 * take longer. Closed without signing in, the call fails with the original answer ("Please sign in to
 * continue"), and the form keeps its text. Queries are not held: the session guard handles the page.
 */
export const sessionRecoveryLink: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) =>
    observable((observer) => {
      if (op.type !== 'mutation') return next(op).subscribe(observer);
      let current: Unsubscribable | null = null;
      let stopped = false;
      const send = () => {
        current = next(op).subscribe({
          next: (result) => observer.next(result),
          complete: () => observer.complete(),
          error: (error) => {
            if (trpcFailure(error)?.reason !== 'unauthenticated' || !recoverableAccount()) {
              observer.error(error);
              return;
            }
            void recoverSession().then((outcome) => {
              if (stopped) return;
              if (outcome === 'signed-in') send();
              else observer.error(error);
            });
          },
        });
      };
      send();
      return () => {
        stopped = true;
        current?.unsubscribe();
      };
    });
