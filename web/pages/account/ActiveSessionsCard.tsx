import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Monitor, Smartphone } from 'lucide-react';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { authCall, authClient } from '../../lib/auth-client.ts';
import { AuthCallError } from '../../lib/auth-error.ts';
import { authErrorMessage } from '../../lib/error-messages.ts';
import { formatDateTime } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { describeUserAgent } from '../../lib/user-agent.ts';
import { useSessions, type ActiveSession } from './use-sessions.ts';

const MOBILE_SYSTEMS = new Set(['iOS', 'Android']);

function DeviceName({ userAgent }: { userAgent: string | null }) {
  const { browser, os } = describeUserAgent(userAgent);
  if (browser && os)
    return (
      <Trans>
        {browser} on {os}
      </Trans>
    );
  if (browser ?? os) return <>{browser ?? os}</>;
  return <Trans>Unknown device</Trans>;
}

function SessionItem({ session, current }: { session: ActiveSession; current: boolean }) {
  const { i18n } = useLingui();
  const { os } = describeUserAgent(session.userAgent);
  const Icon = os && MOBILE_SYSTEMS.has(os) ? Smartphone : Monitor;
  const ip = session.ipAddress;
  const signedIn = formatDateTime(session.createdAt, i18n.locale);
  const lastActive = formatDateTime(session.updatedAt, i18n.locale);
  return (
    <li className="flex items-start gap-3 py-3">
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-600" />
      <div className="min-w-0 space-y-0.5 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
          <DeviceName userAgent={session.userAgent} />
          {current && (
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
              <Trans>This device</Trans>
            </span>
          )}
        </p>
        <p className="break-all text-slate-700">
          {ip ? <Trans>IP address {ip}</Trans> : <Trans>IP address unknown</Trans>}
        </p>
        <p className="text-slate-600">
          <Trans>
            Signed in {signedIn} · last active {lastActive}
          </Trans>
        </p>
      </div>
    </li>
  );
}

/** This device on top; the others stay most recently active first. */
function thisDeviceFirst(sessions: readonly ActiveSession[], currentId: string | undefined): ActiveSession[] {
  return [...sessions].sort((a, b) => Number(b.id === currentId) - Number(a.id === currentId));
}

/** Where the person is signed in, and 'Sign out other sessions'. */
export function ActiveSessionsCard() {
  const { t, i18n } = useLingui();
  const currentId = authClient.useSession().data?.session.id;
  const sessions = useSessions();
  const [busy, setBusy] = useState(false);
  const others = (sessions.data ?? []).filter((session) => session.id !== currentId).length;

  async function signOutOthers() {
    setBusy(true);
    const { error } = await authCall(authClient.revokeOtherSessions());
    setBusy(false);
    if (error) {
      toast({
        variant: 'destructive',
        title: t`Failed to sign out other sessions`,
        description: i18n._(authErrorMessage(error)),
      });
      return;
    }
    toast({ title: t`Other sessions signed out` });
    await sessions.refetch();
  }

  return (
    <SectionCard
      title={t`Active sessions`}
      description={
        <Trans>Devices signed in to your account. Device and browser names are approximate.</Trans>
      }
    >
      {sessions.data ? (
        <ul className="divide-y divide-slate-200">
          {thisDeviceFirst(sessions.data, currentId).map((session) => (
            <SessionItem key={session.id} session={session} current={session.id === currentId} />
          ))}
        </ul>
      ) : (
        <QueryStatus
          error={sessions.error}
          message={
            sessions.error instanceof AuthCallError ? authErrorMessage(sessions.error.error) : undefined
          }
          onRetry={() => void sessions.refetch()}
        />
      )}
      {others > 0 ? (
        <Button variant="secondary" disabled={busy} onClick={() => void signOutOthers()}>
          {busy ? <Trans>Please wait...</Trans> : <Trans>Sign out other sessions</Trans>}
        </Button>
      ) : (
        sessions.data && (
          <p className="text-sm text-slate-600">
            <Trans>You are not signed in anywhere else.</Trans>
          </p>
        )
      )}
    </SectionCard>
  );
}
