import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Link2, RefreshCw, Settings2, Unplug } from 'lucide-react';
import { CRM_PROVIDERS, type CrmProvider } from '#src/crm.ts';
import type { AccountOwner } from '#src/teams.ts';
import { UpgradePrompt } from '../components/billing/UpgradePrompt.tsx';
import { usePlanFeature } from '../components/billing/use-plan-feature.ts';
import { PageHeading } from '../components/PageHeading.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { SectionCard } from '../components/SectionCard.tsx';
import { Button } from '../components/ui/Button.tsx';
import { ConfirmDialog } from '../components/ui/ConfirmDialog.tsx';
import { useConfirmedAction } from '../components/ui/use-confirmed-action.ts';
import { trpcErrorMessage } from '../lib/error-messages.ts';
import { toast } from '../lib/toast.ts';
import { trpc } from '../lib/trpc.ts';
import { useAdministeredTeam } from '../lib/use-administered-team.ts';
import { MappingForm } from './connections/MappingForm.tsx';
import { SyncList, type CrmConnection } from './connections/SyncList.tsx';

/** The CRMs by their own names (brands: the same in every language). */
const CRM_NAMES: Record<CrmProvider, string> = { hubspot: 'HubSpot', salesforce: 'Salesforce' };

const CONNECT_RESULTS = {
  connected: msg`Connected. New leads are sent to the CRM from now on.`,
  denied: msg`The connection was not made: access was not granted at the CRM.`,
  expired: msg`The connection took too long or was started in another session. Connect again.`,
  failed: msg`The CRM did not complete the connection. Try again in a moment.`,
} satisfies Record<string, MessageDescriptor>;

/** Says once how a connect ended (the CRM's redirect back carries `?crm=`), then drops it from the address. */
function useConnectResult() {
  const { i18n } = useLinguiRuntime();
  const [params, setParams] = useSearchParams();
  const result = params.get('crm');
  useEffect(() => {
    if (!result || !(result in CONNECT_RESULTS)) return;
    toast({
      variant: result === 'connected' ? 'default' : 'destructive',
      title: i18n._(CONNECT_RESULTS[result as keyof typeof CONNECT_RESULTS]),
    });
    setParams({}, { replace: true });
  }, [result, setParams, i18n]);
}

function ConnectButton({
  owner,
  provider,
  again,
}: {
  owner: AccountOwner;
  provider: CrmProvider;
  again?: boolean;
}) {
  const { t, i18n } = useLingui();
  const connect = trpc.crm.connect.useMutation();
  const name = CRM_NAMES[provider];
  async function start() {
    try {
      const { url } = await connect.mutateAsync({ owner, provider });
      window.location.assign(url);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t`Could not connect ${name}`,
        description: i18n._(trpcErrorMessage(error)),
      });
    }
  }
  return (
    <Button onClick={() => void start()} disabled={connect.isPending || connect.isSuccess}>
      <Link2 aria-hidden />
      {again ? <Trans>Connect {name} again</Trans> : <Trans>Connect {name}</Trans>}
    </Button>
  );
}

function DisconnectButton({ owner, connection }: { owner: AccountOwner; connection: CrmConnection }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const { mutateAsync } = trpc.crm.disconnect.useMutation();
  const name = CRM_NAMES[connection.provider];
  const disconnect = useConfirmedAction({
    run: async () => {
      const { revoked } = await mutateAsync({ owner, provider: connection.provider });
      if (!revoked) {
        toast({
          variant: 'destructive',
          title: t`${name} could not be reached to revoke the access: remove the app in ${name}'s settings.`,
        });
      }
    },
    failureTitle: t`The connection was not removed`,
    success: { title: t`Disconnected from ${name}` },
    refresh: () => utils.crm.list.invalidate(),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50">
          <Unplug aria-hidden />
          <Trans>Disconnect</Trans>
        </Button>
      }
      title={<Trans>Disconnect {name}?</Trans>}
      description={
        <Trans>
          Tapcard's access to {name} is revoked and new leads are no longer sent there. What was sent stays in{' '}
          {name}; the leads stay in Tapcard.
        </Trans>
      }
      confirmLabel={<Trans>Disconnect</Trans>}
      pendingLabel={<Trans>Disconnecting...</Trans>}
      onConfirm={disconnect}
    />
  );
}

function RetryButton({ owner, connection }: { owner: AccountOwner; connection: CrmConnection }) {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const retry = trpc.crm.retry.useMutation();
  async function run() {
    try {
      await retry.mutateAsync({ owner, provider: connection.provider });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t`The leads were not sent again`,
        description: i18n._(trpcErrorMessage(error)),
      });
      return;
    }
    toast({ title: t`The failed leads are being sent again` });
    await utils.crm.list.invalidate();
  }
  return (
    <Button variant="secondary" size="sm" onClick={() => void run()} disabled={retry.isPending}>
      <RefreshCw aria-hidden />
      <Trans>Send failed leads again</Trans>
    </Button>
  );
}

/** One CRM: connect it, or the connection with its state, its mapping and the leads sent. */
function ProviderPanel({
  owner,
  provider,
  connection,
  canSend,
}: {
  owner: AccountOwner;
  provider: CrmProvider;
  connection: CrmConnection | undefined;
  canSend: boolean;
}) {
  const [mapping, setMapping] = useState(false);
  const name = CRM_NAMES[provider];
  if (!connection) {
    return (
      <div className="space-y-3 rounded-lg border border-slate-200 p-4">
        <h3 className="font-semibold text-ink">{name}</h3>
        <p className="text-sm text-slate-700">
          <Trans>
            Each new lead is sent to {name}, found there by its e-mail address, with the consent receipt as a
            note. You sign in to {name} to grant access; Tapcard never sees your password.
          </Trans>
        </p>
        {canSend && <ConnectButton owner={owner} provider={provider} />}
      </div>
    );
  }
  const account = connection.externalName;
  const { synced, pending, failed } = connection.counts;
  return (
    <div className="space-y-4 rounded-lg border border-slate-200 p-4">
      <div className="space-y-1">
        <h3 className="flex flex-wrap items-center gap-2 font-semibold text-ink">
          {name}
          {connection.status === 'connected' ? (
            <span className="rounded bg-green-50 px-1.5 py-0.5 text-sm font-normal text-green-800">
              <Trans>Connected</Trans>
            </span>
          ) : (
            <span className="rounded bg-red-50 px-1.5 py-0.5 text-sm font-normal text-red-800">
              <Trans>Needs connecting again</Trans>
            </span>
          )}
        </h3>
        <p className="text-sm break-all text-slate-700">
          <Trans>Account: {account}</Trans>
        </p>
        <p className="text-sm text-slate-700">
          <Trans>
            Sent: {synced}. Waiting: {pending}. Failed: {failed}.
          </Trans>
        </p>
      </div>
      {connection.status === 'reconnect' && (
        <div
          role="alert"
          className="space-y-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900"
        >
          <p>
            <Trans>
              {name} no longer accepts this connection (its access was revoked or has expired). Leads wait
              here until you connect again; they are sent then.
            </Trans>
          </p>
          {connection.statusDetail && (
            <p>
              <Trans>{name} said:</Trans> <q className="break-words">{connection.statusDetail}</q>
            </p>
          )}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {canSend && connection.status === 'reconnect' && (
          <ConnectButton owner={owner} provider={provider} again />
        )}
        {canSend && connection.status === 'connected' && (
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={mapping}
            onClick={() => setMapping((open) => !open)}
          >
            <Settings2 aria-hidden />
            <Trans>Edit what leads map to</Trans>
          </Button>
        )}
        {canSend && connection.status === 'connected' && failed > 0 && (
          <RetryButton owner={owner} connection={connection} />
        )}
        <DisconnectButton owner={owner} connection={connection} />
      </div>
      {mapping && <MappingForm owner={owner} connection={connection} onDone={() => setMapping(false)} />}
      <div className="space-y-2">
        <h4 className="text-sm font-semibold text-ink">
          <Trans>Latest leads</Trans>
        </h4>
        <SyncList syncs={connection.syncs} />
      </div>
    </div>
  );
}

function CrmSection({
  owner,
  canSend,
  title,
  description,
}: {
  owner: AccountOwner;
  canSend: boolean;
  title: ReactNode;
  description: ReactNode;
}) {
  // while a lead waits for its try, the list looks again every few seconds
  const list = trpc.crm.list.useQuery(
    { owner },
    {
      refetchInterval: (query) =>
        query.state.data?.connections.some((connection) => connection.counts.pending > 0) ? 5_000 : false,
    },
  );
  if (!list.isSuccess) {
    return (
      <SectionCard title={title} description={description}>
        <QueryStatus error={list.error} onRetry={() => void list.refetch()} />
      </SectionCard>
    );
  }
  const { available, connections } = list.data;
  if (!canSend && connections.length === 0) return null;
  const shown = CRM_PROVIDERS.filter(
    (provider) => available.includes(provider) || connections.some((c) => c.provider === provider),
  );
  return (
    <SectionCard title={title} description={description}>
      {shown.length === 0 ? (
        <p className="text-sm text-slate-700">
          <Trans>This server offers no CRM connections yet: its operator sets each CRM up first.</Trans>
        </p>
      ) : (
        <div className="space-y-4">
          {shown.map((provider) => (
            <ProviderPanel
              key={provider}
              owner={owner}
              provider={provider}
              connection={connections.find((c) => c.provider === provider)}
              canSend={canSend && available.includes(provider)}
            />
          ))}
        </div>
      )}
    </SectionCard>
  );
}

/** /dashboard/connections: the CRMs the account's leads are sent to, and how each lead went. */
export function Connections() {
  const { t } = useLingui();
  const { allowed, loaded } = usePlanFeature('apiAccess');
  const adminOf = useAdministeredTeam();
  const teamName = adminOf?.name;
  useConnectResult();
  return (
    <div className="space-y-6">
      <PageHeading
        title={t`Connections`}
        description={<Trans>Send each new lead to your CRM, with its consent receipt, as it comes in.</Trans>}
      />
      <UpgradePrompt feature="apiAccess">
        <Trans>
          Connect HubSpot or Salesforce and each lead your cards collect is sent there, with the visitor's
          consent in a note.
        </Trans>
      </UpgradePrompt>
      {loaded && (
        <CrmSection
          owner="user"
          canSend={allowed}
          title={<Trans>Your CRM</Trans>}
          description={
            <Trans>
              Leads of your own cards. A lead the CRM cannot take now is tried again for a few hours; what it
              refuses is listed below with its reason, and the lead stays in Tapcard.
            </Trans>
          }
        />
      )}
      {adminOf && (
        <CrmSection
          owner="team"
          canSend
          title={<Trans>Team CRM</Trans>}
          description={
            <Trans>
              The CRM of the team {teamName}: it receives the leads of the team's cards, on the team's plan,
              and keeps working when the admin who connected it leaves.
            </Trans>
          }
        />
      )}
    </div>
  );
}
