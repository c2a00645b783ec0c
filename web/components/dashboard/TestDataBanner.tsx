import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FlaskConical, X } from 'lucide-react';
import { authClient } from '../../lib/auth-client.ts';
import { trpc } from '../../lib/trpc.ts';
import { Button } from '../ui/Button.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { useConfirmedAction } from '../ui/use-confirmed-action.ts';

// Spec section 4, test-data banner: the server says whether there is test data worth offering to clear;
// whether this person already dismissed the banner is remembered by the browser, per user.

function dismissedKey(userId: string): string {
  return `tapcard.testDataDismissed.${userId}`;
}

function readDismissed(userId: string): boolean {
  try {
    return localStorage.getItem(dismissedKey(userId)) === 'true';
  } catch {
    return false;
  }
}

function storeDismissed(userId: string): void {
  try {
    localStorage.setItem(dismissedKey(userId), 'true');
  } catch {
    // Without storage the banner comes back on the next visit, which is harmless.
  }
}

/** 'Clear all test data?': deletes the person's links, vCards, leads and statistics once confirmed. */
function ClearTestDataDialog({ onCleared }: { onCleared: () => void }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const { mutateAsync } = trpc.profile.clearTestData.useMutation();
  const clear = useConfirmedAction({
    run: () => mutateAsync(),
    failureTitle: t`Failed to clear sample data. Please try again.`,
    success: { title: t`Test data cleared`, description: t`You can start fresh.` },
    refresh: async () => {
      onCleared();
      // cards, links, QR codes, leads and statistics all changed
      await utils.invalidate();
    },
  });

  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="secondary">
          <Trans>Clear test data</Trans>
        </Button>
      }
      title={<Trans>Clear all test data?</Trans>}
      description={
        <Trans>
          Your vCards, links, QR codes, leads and their statistics are deleted. Your account and plan stay.
          This cannot be undone.
        </Trans>
      }
      confirmLabel={<Trans>Clear all test data</Trans>}
      pendingLabel={<Trans>Clearing...</Trans>}
      onConfirm={clear}
    />
  );
}

function TestDataNotice({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useLingui();
  return (
    <div
      role="region"
      aria-labelledby="test-data-banner-title"
      className="mb-6 flex items-start gap-3 rounded-xl border border-brand/40 bg-brand-soft p-4 text-sm text-ink"
    >
      <FlaskConical aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-strong" />
      <div className="min-w-0 flex-1 space-y-3">
        <div className="space-y-1">
          <p id="test-data-banner-title" className="font-semibold">
            <Trans>Testing Phase Complete</Trans>
          </p>
          <p className="text-slate-700">
            <Trans>
              You created cards or links while trying Tapcard. Keep them, or clear all test data to start
              fresh.
            </Trans>
          </p>
        </div>
        <ClearTestDataDialog onCleared={onDismiss} />
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={t`Dismiss`}
        className="-mt-2 -mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-white/70 hover:text-ink"
      >
        <X aria-hidden className="size-5" />
      </button>
    </div>
  );
}

/** The banner itself, once the person is known: shown while the server says so and it is not dismissed. */
function TestDataBannerFor({ userId }: { userId: string }) {
  const [dismissedNow, setDismissedNow] = useState(false);
  const dismissed = dismissedNow || readDismissed(userId);
  const status = trpc.profile.testDataStatus.useQuery(undefined, { enabled: !dismissed });
  if (dismissed || !status.data?.show) return null;
  const dismiss = () => {
    storeDismissed(userId);
    setDismissedNow(true);
  };
  return <TestDataNotice onDismiss={dismiss} />;
}

export function TestDataBanner() {
  const userId = authClient.useSession().data?.user.id;
  return userId ? <TestDataBannerFor key={userId} userId={userId} /> : null;
}
