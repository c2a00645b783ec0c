import { createTRPCUntypedClient, TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppRouter } from '#server/app-router.ts';
import { sessionRecoveryLink } from '#web/lib/session-recovery-link.ts';
import {
  endRecovery,
  hostRecovery,
  recoveryState,
  recoverSession,
  rememberPageAccount,
} from '#web/lib/session-recovery.ts';

// One mechanism for every save (web/lib/session-recovery-link.ts): a mutation refused with
// `unauthenticated` waits for the sign-in dialog, then is sent again with the same input; queries and
// other refusals pass through untouched.

function refused(reason: string) {
  return TRPCClientError.from<AppRouter>({
    error: { message: reason, code: -32001, data: { code: 'UNAUTHORIZED', httpStatus: 401, reason } },
  });
}

/** The server as the test scripts it: each call takes the next answer (data, or a refusal). */
function scriptedServer(answers: unknown[]) {
  const calls: { type: string; path: string; input: unknown }[] = [];
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        calls.push({ type: op.type, path: op.path, input: op.input });
        const answer = answers.shift();
        if (answer instanceof TRPCClientError) {
          observer.error(answer as TRPCClientError<AppRouter>);
        } else {
          observer.next({ result: { type: 'data', data: answer } });
          observer.complete();
        }
      });
  const client = createTRPCUntypedClient<AppRouter>({ links: [sessionRecoveryLink, link] });
  return { client, calls };
}

/** Lets the link's promises settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let unhost: () => void = () => undefined;
beforeEach(() => {
  rememberPageAccount({ id: 'user-ada', email: 'ada@example.com' });
  unhost = hostRecovery();
});
afterEach(() => {
  if (recoveryState().open) endRecovery('dismissed');
  unhost();
});

describe('a save whose session ended', () => {
  it('waits for the sign-in dialog, then is sent again with the same input and answers', async () => {
    const { client, calls } = scriptedServer([refused('unauthenticated'), { id: 'card-1' }]);
    const input = { id: 'card-1', position: 'Typed before the session ended' };
    const save = client.mutation('vcards.update', input);
    await settle();
    expect(recoveryState()).toEqual({ open: true, account: { id: 'user-ada', email: 'ada@example.com' } });
    expect(calls).toHaveLength(1);

    endRecovery('signed-in');
    await expect(save).resolves.toEqual({ id: 'card-1' });
    expect(calls).toEqual([
      { type: 'mutation', path: 'vcards.update', input },
      { type: 'mutation', path: 'vcards.update', input },
    ]);
    expect(recoveryState().open).toBe(false);
  });

  it('several saves share one dialog and are all sent again', async () => {
    const { client, calls } = scriptedServer([
      refused('unauthenticated'),
      refused('unauthenticated'),
      'first saved',
      'second saved',
    ]);
    const first = client.mutation('designs.save', { n: 1 });
    const second = client.mutation('links.update', { n: 2 });
    await settle();
    expect(recoveryState().open).toBe(true);
    endRecovery('signed-in');
    await expect(Promise.all([first, second])).resolves.toEqual(['first saved', 'second saved']);
    expect(calls.map((call) => call.path)).toEqual([
      'designs.save',
      'links.update',
      'designs.save',
      'links.update',
    ]);
  });

  it('closed without signing in, the save fails with the original answer and is not sent again', async () => {
    const { client, calls } = scriptedServer([refused('unauthenticated')]);
    const save = client.mutation('vcards.update', { id: 'card-1' });
    await settle();
    endRecovery('dismissed');
    await expect(save).rejects.toMatchObject({ data: { reason: 'unauthenticated' } });
    expect(calls).toHaveLength(1);
  });

  it('a refusal for another reason, or a query, is not held', async () => {
    const { client } = scriptedServer([refused('limit_reached'), refused('unauthenticated')]);
    await expect(client.mutation('vcards.create', {})).rejects.toMatchObject({
      data: { reason: 'limit_reached' },
    });
    await expect(client.query('vcards.list')).rejects.toMatchObject({ data: { reason: 'unauthenticated' } });
    expect(recoveryState().open).toBe(false);
  });

  it('without a dialog on the page (no dashboard), the refusal passes at once', async () => {
    unhost();
    unhost = () => undefined;
    const { client } = scriptedServer([refused('unauthenticated')]);
    await expect(client.mutation('vcards.update', {})).rejects.toMatchObject({
      data: { reason: 'unauthenticated' },
    });
    expect(recoveryState().open).toBe(false);
    await expect(recoverSession()).resolves.toBe('dismissed');
  });
});
