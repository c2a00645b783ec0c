import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { RotateCw } from 'lucide-react';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import type { AccountOwner } from '#src/teams.ts';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { trpcErrorMessage } from '../../lib/error-messages.ts';
import { formatDateTime } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { trpc, type RouterOutputs } from '../../lib/trpc.ts';

type Delivery = RouterOutputs['webhooks']['deliveries']['items'][number];

/** How often an open log asks again: soon while a delivery waits for its next try, else now and then. */
const REFRESH_PENDING_MS = 3_000;
const REFRESH_IDLE_MS = 10_000;

export function DeliveryStatus({ delivery }: { delivery: Pick<Delivery, 'status' | 'nextAttemptAt'> }) {
  const { i18n } = useLinguiRuntime();
  if (delivery.status === 'delivered') {
    return (
      <span className="rounded bg-green-50 px-1.5 py-0.5 text-green-800">
        <Trans>Delivered</Trans>
      </span>
    );
  }
  if (delivery.status === 'failed') {
    return (
      <span className="rounded bg-red-50 px-1.5 py-0.5 text-red-800">
        <Trans>Failed</Trans>
      </span>
    );
  }
  const next = delivery.nextAttemptAt ? formatDateTime(delivery.nextAttemptAt, i18n.locale) : null;
  return (
    <span className="rounded bg-amber-50 px-1.5 py-0.5 text-amber-900">
      {next ? <Trans>Pending, next try {next}</Trans> : <Trans>Pending</Trans>}
    </span>
  );
}

function DeliveryRow({
  owner,
  delivery,
  endpointId,
}: {
  owner: AccountOwner;
  delivery: Delivery;
  endpointId: string;
}) {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const redeliver = trpc.webhooks.redeliver.useMutation();
  const time = formatDateTime(delivery.createdAt, i18n.locale);
  const statusCode = delivery.lastStatusCode;
  const responseMs = delivery.lastResponseMs;
  const attempts = delivery.attempts;

  async function send() {
    try {
      await redeliver.mutateAsync({ owner, id: endpointId, deliveryId: delivery.id });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t`The delivery was not sent again`,
        description: i18n._(trpcErrorMessage(error)),
      });
      return;
    }
    toast({ title: t`Delivery queued again` });
    await utils.webhooks.deliveries.invalidate({ id: endpointId });
  }

  return (
    <li className="flex flex-col gap-2 py-3 text-sm sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-xs font-medium break-all text-ink">{delivery.eventType}</span>
          <DeliveryStatus delivery={delivery} />
        </p>
        <p className="text-slate-700">
          {time}
          {' · '}
          {statusCode === null ? <Trans>No HTTP answer</Trans> : <Trans>HTTP {statusCode}</Trans>}
          {responseMs !== null && (
            <>
              {' · '}
              <Trans>{responseMs} ms</Trans>
            </>
          )}
          {' · '}
          <Trans>Attempts: {attempts}</Trans>
        </p>
        {delivery.lastError && <p className="break-words text-slate-700">{delivery.lastError}</p>}
      </div>
      {delivery.status !== 'pending' && (
        <Button
          variant="ghost"
          size="sm"
          className="self-start"
          disabled={redeliver.isPending}
          onClick={() => void send()}
        >
          <RotateCw aria-hidden />
          <Trans>Redeliver</Trans>
        </Button>
      )}
    </li>
  );
}

/** Soon while a page of the log holds a delivery waiting for its next try, else now and then. */
function refreshInterval(query: { state: { data?: { items: readonly Pick<Delivery, 'status'>[] } } }) {
  return query.state.data?.items.some(({ status }) => status === 'pending')
    ? REFRESH_PENDING_MS
    : REFRESH_IDLE_MS;
}

/**
 * An endpoint's deliveries, newest first, older pages on request (each by the cursor the page before it
 * gave; tRPC's infinite queries add a `direction` the procedure's strict input refuses); kept fresh while
 * it is open. Once older pages are shown, the newest part is asked for down to where the first page ended
 * (`from`), so new deliveries are added above and push nothing out of view.
 */
export function DeliveryLog({
  owner,
  endpointId,
  headingId,
}: {
  owner: AccountOwner;
  endpointId: string;
  headingId: string;
}) {
  const [olderCursors, setOlderCursors] = useState<string[]>([]);
  const [firstEnd] = olderCursors;
  const first = trpc.webhooks.deliveries.useQuery(
    firstEnd === undefined ? { owner, id: endpointId } : { owner, id: endpointId, from: firstEnd },
    // the first page stays shown while it is asked for again down to its end
    { refetchInterval: refreshInterval, placeholderData: keepPreviousData },
  );
  const older = trpc.useQueries((t) =>
    olderCursors.map((cursor) =>
      t.webhooks.deliveries({ owner, id: endpointId, cursor }, { refetchInterval: refreshInterval }),
    ),
  );
  const pages = [first, ...older];
  const deliveries = pages.flatMap((page) => page.data?.items ?? []);
  const lastPage = pages.at(-1);
  const nextCursor = lastPage?.data?.nextCursor ?? null;
  const failed = pages.find((page) => page.error);

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-3">
      <h3 id={headingId} className="text-sm font-semibold text-ink">
        <Trans>Delivery log</Trans>
      </h3>
      {first.isSuccess &&
        (deliveries.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">
            <Trans>No deliveries yet. Send a test event to try the endpoint.</Trans>
          </p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {deliveries.map((delivery) => (
              <DeliveryRow key={delivery.id} owner={owner} delivery={delivery} endpointId={endpointId} />
            ))}
          </ul>
        ))}
      {(failed || lastPage?.isPending) && (
        <QueryStatus error={failed?.error ?? null} onRetry={() => void failed?.refetch()} />
      )}
      {nextCursor && (
        <Button
          variant="secondary"
          size="sm"
          className="mt-2"
          onClick={() => setOlderCursors([...olderCursors, nextCursor])}
        >
          <Trans>Show older</Trans>
        </Button>
      )}
    </section>
  );
}
