import { useId, useState } from 'react';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AccountOwner } from '#src/teams.ts';
import { WEBHOOK_EVENTS } from '#src/webhooks.ts';
import { KeyRound, ListChecks, Pencil, Power, RefreshCw, Send, Trash2, Webhook } from 'lucide-react';
import { CopyableSecret } from '../../components/CopyableSecret.tsx';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { Dialog, DialogTrigger } from '../../components/ui/Dialog.tsx';
import { FormDialog } from '../../components/ui/FormDialog.tsx';
import { useConfirmedAction } from '../../components/ui/use-confirmed-action.ts';
import { trpcErrorMessage } from '../../lib/error-messages.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import { DeliveryLog, DeliveryStatus } from './DeliveryLog.tsx';
import { EVENT_DESCRIPTIONS } from './names.ts';
import { WebhookFormDialog, type WebhookEndpoint } from './WebhookFormDialog.tsx';

/** Whose endpoint a part of the list handles, and the endpoint. */
interface EndpointProps {
  owner: AccountOwner;
  endpoint: WebhookEndpoint;
}

/** The signing secret, fetched only when asked for, with a way to copy it. */
function SecretDialog({ owner, endpoint }: EndpointProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const secret = trpc.webhooks.secret.useQuery({ owner, id: endpoint.id }, { enabled: open, gcTime: 0 });
  const url = endpoint.url;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm">
          <KeyRound aria-hidden />
          <Trans>Show secret</Trans>
        </Button>
      </DialogTrigger>
      {open && (
        <FormDialog
          title={<Trans>Signing secret</Trans>}
          description={
            <Trans>
              The receiver checks each request's webhook-signature header with this secret. Keep it private.
            </Trans>
          }
        >
          {/* mounted with the dialog: each opening starts without the last one's "Copied" */}
          <CopyableSecret
            label={<Trans>Secret of {url}</Trans>}
            secret={secret.isSuccess ? secret.data.secret : null}
            pending={<QueryStatus error={secret.error} onRetry={() => void secret.refetch()} />}
            copyLabel={<Trans>Copy secret</Trans>}
            copyFailed={t`Could not copy: select the secret and copy it yourself.`}
          />
        </FormDialog>
      )}
    </Dialog>
  );
}

function RotateSecretDialog({ owner, endpoint }: EndpointProps) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const { mutateAsync } = trpc.webhooks.rotateSecret.useMutation();
  const rotate = useConfirmedAction({
    run: () => mutateAsync({ owner, id: endpoint.id }),
    failureTitle: t`The secret was not changed`,
    success: { title: t`New secret made`, description: t`Show the secret to copy it to your receiver.` },
    refresh: () => utils.webhooks.secret.invalidate({ id: endpoint.id }),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm">
          <RefreshCw aria-hidden />
          <Trans>Rotate secret</Trans>
        </Button>
      }
      title={<Trans>Make a new secret?</Trans>}
      description={
        <Trans>
          Requests are signed with the new secret from now on, and the old one stops verifying at once: give
          the new one to your receiver.
        </Trans>
      }
      confirmLabel={<Trans>Rotate secret</Trans>}
      pendingLabel={<Trans>Rotating...</Trans>}
      onConfirm={rotate}
    />
  );
}

function DeleteDialog({ owner, endpoint }: EndpointProps) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const { mutateAsync } = trpc.webhooks.delete.useMutation();
  const remove = useConfirmedAction({
    run: () => mutateAsync({ owner, id: endpoint.id }),
    failureTitle: t`The endpoint was not deleted`,
    success: { title: t`Endpoint deleted` },
    refresh: () => utils.webhooks.list.invalidate(),
  });
  const url = endpoint.url;
  return (
    <ConfirmDialog
      trigger={
        <Button variant="removal" size="sm">
          <Trash2 aria-hidden />
          <Trans>Delete</Trans>
        </Button>
      }
      title={<Trans>Delete this endpoint?</Trans>}
      description={
        <Trans>
          Events are no longer sent to {url}, and its delivery log is deleted. This cannot be undone.
        </Trans>
      }
      confirmLabel={<Trans>Delete endpoint</Trans>}
      pendingLabel={<Trans>Deleting...</Trans>}
      onConfirm={remove}
    />
  );
}

/** Whether the endpoint receives events, and since when it does not. */
function EndpointState({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { i18n } = useLinguiRuntime();
  if (endpoint.enabled) {
    return (
      <span className="rounded bg-green-50 px-1.5 py-0.5 text-green-800">
        <Trans>Enabled</Trans>
      </span>
    );
  }
  const since = endpoint.disabledAt ? formatDate(endpoint.disabledAt, i18n.locale) : null;
  return (
    <span className="rounded bg-red-50 px-1.5 py-0.5 text-red-800">
      {endpoint.disabledReason === 'failing' && since ? (
        <Trans>Disabled because it kept failing, on {since}</Trans>
      ) : (
        <Trans>Disabled</Trans>
      )}
    </span>
  );
}

/** The endpoint's last delivery, from the first page of its log. */
function LastDelivery({ owner, endpointId }: { owner: AccountOwner; endpointId: string }) {
  const { i18n } = useLinguiRuntime();
  const log = trpc.webhooks.deliveries.useQuery({ owner, id: endpointId });
  const last = log.data?.items[0];
  if (!last) return null;
  const time = formatDateTime(last.createdAt, i18n.locale);
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-slate-700">
      <Trans>Last delivery {time}:</Trans> <DeliveryStatus delivery={last} />
    </p>
  );
}

/** The endpoint's events by the names the form gives them. */
function EndpointEvents({ events }: { events: WebhookEndpoint['events'] }) {
  const { i18n } = useLinguiRuntime();
  if (events.length === WEBHOOK_EVENTS.length) {
    return (
      <p className="text-slate-700">
        <Trans>Events: all</Trans>
      </p>
    );
  }
  return (
    <div className="text-slate-700">
      <p>
        <Trans>Events:</Trans>
      </p>
      <ul className="list-disc pl-5">
        {events.map((event) => (
          <li key={event} className="break-words">
            {i18n._(EVENT_DESCRIPTIONS[event])}
          </li>
        ))}
      </ul>
    </div>
  );
}

function EndpointRow({ owner, endpoint, canSend }: EndpointProps & { canSend: boolean }) {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const logId = useId();
  const [logOpen, setLogOpen] = useState(false);
  const sendTest = trpc.webhooks.sendTest.useMutation();
  const update = trpc.webhooks.update.useMutation();

  async function test() {
    try {
      await sendTest.mutateAsync({ owner, id: endpoint.id });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t`The test event was not sent`,
        description: i18n._(trpcErrorMessage(error)),
      });
      return;
    }
    toast({ title: t`Test event queued`, description: t`See how it went in the delivery log.` });
    setLogOpen(true);
    await utils.webhooks.deliveries.invalidate({ id: endpoint.id });
  }

  async function enable() {
    try {
      await update.mutateAsync({ owner, id: endpoint.id, enabled: true, baseVersion: endpoint.version });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t`The endpoint was not enabled`,
        description: i18n._(trpcErrorMessage(error)),
      });
      // an edit_conflict: the list shows the endpoint as it is now
      await utils.webhooks.list.invalidate();
      return;
    }
    toast({ title: t`Endpoint enabled` });
    await utils.webhooks.list.invalidate();
  }

  return (
    <li className="space-y-3 py-4">
      <div className="flex items-start gap-3">
        <Webhook aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-600" />
        <div className="min-w-0 flex-1 space-y-1 text-sm">
          <p className="font-mono font-medium break-all text-ink">{endpoint.url}</p>
          {endpoint.description && <p className="break-words text-slate-700">{endpoint.description}</p>}
          <EndpointEvents events={endpoint.events} />
          <p>
            <EndpointState endpoint={endpoint} />
          </p>
          {!endpoint.enabled && (
            <p className="text-slate-700">
              <Trans>
                No try is coming: nothing is sent to it while it is disabled, and the events that happen
                meanwhile are not kept for it. Once enabled, it receives the events that happen from then on;
                Redeliver sends a failed delivery again. A test event or a redelivery is tried once while it
                is disabled.
              </Trans>
            </p>
          )}
          <LastDelivery owner={owner} endpointId={endpoint.id} />
        </div>
      </div>
      <div className="flex flex-wrap gap-1 sm:pl-8">
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={logOpen}
          aria-controls={logOpen ? logId : undefined}
          onClick={() => setLogOpen(!logOpen)}
        >
          <ListChecks aria-hidden />
          {logOpen ? <Trans>Hide deliveries</Trans> : <Trans>Deliveries</Trans>}
        </Button>
        {canSend && (
          <Button variant="ghost" size="sm" disabled={sendTest.isPending} onClick={() => void test()}>
            <Send aria-hidden />
            <Trans>Send test event</Trans>
          </Button>
        )}
        {canSend && !endpoint.enabled && (
          <Button variant="ghost" size="sm" disabled={update.isPending} onClick={() => void enable()}>
            <Power aria-hidden />
            <Trans>Enable</Trans>
          </Button>
        )}
        {canSend && (
          <WebhookFormDialog
            owner={owner}
            endpoint={endpoint}
            trigger={
              <Button variant="ghost" size="sm">
                <Pencil aria-hidden />
                <Trans>Edit</Trans>
              </Button>
            }
          />
        )}
        <SecretDialog owner={owner} endpoint={endpoint} />
        {canSend && <RotateSecretDialog owner={owner} endpoint={endpoint} />}
        <DeleteDialog owner={owner} endpoint={endpoint} />
      </div>
      {logOpen && (
        <div id={logId} className="sm:pl-8">
          <DeliveryLog owner={owner} endpointId={endpoint.id} headingId={`${logId}-heading`} />
        </div>
      )}
    </li>
  );
}

/**
 * The endpoints of `owner` (the person's, or their team's); `canSend` (apiAccess) shows what sends
 * requests, which the server refuses once a Business plan ended (the endpoints stay listed, to delete).
 */
export function WebhookList({
  owner,
  endpoints,
  canSend,
}: {
  owner: AccountOwner;
  endpoints: readonly WebhookEndpoint[];
  canSend: boolean;
}) {
  if (endpoints.length === 0) {
    return (
      <p className="text-sm text-slate-700">
        <Trans>No endpoints yet.</Trans>
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-200">
      {endpoints.map((endpoint) => (
        <EndpointRow key={endpoint.id} owner={owner} endpoint={endpoint} canSend={canSend} />
      ))}
    </ul>
  );
}
