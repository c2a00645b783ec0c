import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import {
  answerLeaving,
  discardUnsavedChanges,
  isAskingBeforeLeaving,
  shouldAskBeforeLeaving,
  shouldAskBeforeUnload,
  subscribeLeaving,
} from '../lib/leave-guard.ts';
import { Button } from './ui/Button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './ui/Dialog.tsx';

/**
 * The one guard of the screens that talk to the API (mounted once, in ApiProviders: a router has one
 * blocker). With a form's changes unsaved (web/lib/leave-guard.ts) it asks before another page opens (a
 * link, the sidebar, the browser's Back and Forward, Logout) in a translated dialog, and leaves the tab's
 * closing and reloading to the browser's own question, which also covers a save still on its way.
 */
export function LeaveGuard() {
  const queryClient = useQueryClient();
  // another page only: a change of the query or of the #fragment (a link to the preview) stays on it
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && shouldAskBeforeLeaving(),
    [],
  );
  const blocker = useBlocker(shouldBlock);
  const asked = useSyncExternalStore(subscribeLeaving, isAskingBeforeLeaving);

  useEffect(() => {
    function onBeforeUnload(event: BeforeUnloadEvent) {
      if (!shouldAskBeforeUnload(queryClient.isMutating() > 0)) return;
      // the browser shows its own question (its text cannot be chosen)
      event.preventDefault();
    }
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [queryClient]);

  function answer(leave: boolean) {
    if (blocker.state === 'blocked') {
      if (leave) {
        discardUnsavedChanges();
        blocker.proceed();
      } else {
        blocker.reset();
      }
    }
    if (asked) answerLeaving(leave);
  }

  return <LeaveDialog open={blocker.state === 'blocked' || asked} onAnswer={answer} />;
}

function LeaveDialog({ open, onAnswer }: { open: boolean; onAnswer: (leave: boolean) => void }) {
  const keepEditing = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Escape, the close button or a click outside: the safe answer
        if (!next) onAnswer(false);
      }}
    >
      <DialogContent
        role="alertdialog"
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          keepEditing.current?.focus();
        }}
      >
        <DialogTitle>
          <Trans>Leave without saving?</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>You have changes on this page that are not saved. If you leave now, they are lost.</Trans>
        </DialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button ref={keepEditing} variant="secondary" onClick={() => onAnswer(false)}>
            <Trans>Keep editing</Trans>
          </Button>
          <Button variant="destructive" onClick={() => onAnswer(true)}>
            <Trans>Leave without saving</Trans>
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
