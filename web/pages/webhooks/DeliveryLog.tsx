import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FileText, RotateCw } from 'lucide-react';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { AccountOwner } from '#src/teams.ts';
import { WEBHOOK_ANSWER_KEPT_BYTES } from '#src/webhooks.ts';
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

/** The kilobytes of an answer a try keeps, as the log says it. */
const ANSWER_KEPT_KIB = WEBHOOK_ANSWER_KEPT_BYTES / 1024;

/** Text as it was sent or answered, scrollable (and so reachable by keyboard) when long. */
function RawText({ labelledBy, children }: { labelledBy: string; children: string }) {
  return (
    <pre
      tabIndex={0}
      aria-labelledby={labelledBy}
      className="max-h-48 overflow-auto rounded border border-slate-200 bg-white p-2 font-mono text-xs break-all whitespace-pre-wrap text-ink"
    >
      {children}
    </pre>
  );
}

type Try = RouterOutputs['webhooks']['delivery']['tries'][number];

/** One try: when, what came back (or why nothing did), and the start of the receiver's answer. */
function TryItem({ item, headingId }: { item: Try; headingId: string }) {
  const { i18n } = useLinguiRuntime();
  const time = formatDateTime(item.triedAt, i18n.locale);
  const statusCode = item.statusCode;
  const responseMs = item.responseMs;
  return (
    <li className="space-y-1">
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
      </p>
      {item.error && <p className="break-words text-slate-700">{item.error}</p>}
      {item.answer !== null && (
        <>
          <p id={headingId} className="text-xs font-medium text-slate-700">
            {item.answerTruncated ? (
              <Trans>The receiver's answer, its first {ANSWER_KEPT_KIB} KiB (it was longer):</Trans>
            ) : (
              <Trans>The receiver's answer:</Trans>
            )}
          </p>
          {item.answer === '' ? (
            <p className="text-xs text-slate-700">
              <Trans>(empty)</Trans>
            </p>
          ) : (
            <RawText labelledBy={headingId}>{item.answer}</RawText>
          )}
        </>
      )}
    </li>
  );
}

/**
 * What a delivery sent (the body, as signed) and each of its tries with the receiver's answer, asked for
 * when opened; asked again when the log shows another try or a new state.
 */
function DeliveryDetails({
  owner,
  endpointId,
  delivery,
  id,
}: {
  owner: AccountOwner;
  endpointId: string;
  delivery: Delivery;
  id: string;
}) {
  const detail = trpc.webhooks.delivery.useQuery(
    { owner, id: endpointId, deliveryId: delivery.id },
    { refetchInterval: delivery.status === 'pending' ? REFRESH_PENDING_MS : false },
  );
  const { refetch } = detail;
  const seen = useRef(`${delivery.status}:${delivery.attempts}`);
  useEffect(() => {
    const now = `${delivery.status}:${delivery.attempts}`;
    if (seen.current === now) return;
    seen.current = now;
    void refetch();
  }, [delivery.status, delivery.attempts, refetch]);

  return (
    <div id={id} className="space-y-3 rounded border border-slate-200 bg-slate-50 p-3">
      {detail.isSuccess ? (
        <>
          <p className="text-xs break-all text-slate-700">
            <Trans>
              webhook-id: <span className="font-mono">{delivery.id}</span>
            </Trans>
          </p>
          <div className="space-y-1">
            <h4 id={`${id}-body`} className="text-xs font-semibold text-ink">
              <Trans>Request body, as signed and sent on every try</Trans>
            </h4>
            <RawText labelledBy={`${id}-body`}>{detail.data.body}</RawText>
          </div>
          <div className="space-y-1">
            <h4 className="text-xs font-semibold text-ink">
              <Trans>Tries, newest first</Trans>
            </h4>
            {detail.data.tries.length === 0 ? (
              <p className="text-slate-700">
                <Trans>Not tried yet.</Trans>
              </p>
            ) : (
              <ol className="space-y-3">
                {detail.data.tries.map((item, index) => (
                  <TryItem key={index} item={item} headingId={`${id}-answer-${index}`} />
                ))}
              </ol>
            )}
          </div>
        </>
      ) : (
        <QueryStatus error={detail.error} onRetry={() => void detail.refetch()} />
      )}
    </div>
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
  const detailsId = useId();
  const [open, setOpen] = useState(false);
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
    <li className="space-y-2 py-3 text-sm">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
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
        <div className="flex flex-wrap gap-1 self-start">
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            onClick={() => setOpen(!open)}
          >
            <FileText aria-hidden />
            {open ? <Trans>Hide details</Trans> : <Trans>Details</Trans>}
          </Button>
          {delivery.status !== 'pending' && (
            <Button variant="ghost" size="sm" disabled={redeliver.isPending} onClick={() => void send()}>
              <RotateCw aria-hidden />
              <Trans>Redeliver</Trans>
            </Button>
          )}
        </div>
      </div>
      {open && <DeliveryDetails owner={owner} endpointId={endpointId} delivery={delivery} id={detailsId} />}
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
