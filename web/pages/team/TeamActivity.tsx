import { Trans as TransId } from '@lingui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import type { TeamEventsPageInput } from '#src/schemas/team.ts';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { UserText } from '../../components/UserText.tsx';
import { TEAM_EVENTS_KEPT_MONTHS } from '#src/teams.ts';
import { formatDateTime } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import { useLocale } from '../../lib/use-locale.ts';
import {
  changedFieldsOf,
  eventSubject,
  importCountsOf,
  olderEventsAfter,
  roleSelectValue,
  TEAM_EVENT_SENTENCES,
  type TeamEventView,
} from './team-activity.ts';

/** Who made a change: a person by name, or the team's API key by its name. */
function EventActor({ event }: { event: TeamEventView }) {
  const name = <UserText>{event.actorName}</UserText>;
  return event.actorKind === 'apiKey' ? <Trans>The API key “{name}”</Trans> : name;
}

function EventRow({ event }: { event: TeamEventView }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const sentence = TEAM_EVENT_SENTENCES[event.action];
  const counts = importCountsOf(event);
  const { changed, fields } = changedFieldsOf(event, i18n);
  return (
    <li className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
      <p className="min-w-0 break-words text-ink">
        <TransId
          id={sentence.id}
          message={sentence.message}
          values={{
            actor: <EventActor event={event} />,
            subject: <UserText>{eventSubject(event, i18n)}</UserText>,
            role: roleSelectValue(event.role),
            changed,
            fields,
            invited: counts.invited,
            updated: counts.updated,
            unchanged: counts.unchanged,
            error: counts.error,
          }}
        />
      </p>
      <time dateTime={event.at.toISOString()} className="shrink-0 text-sm text-slate-700">
        {formatDateTime(event.at, locale)}
      </time>
    </li>
  );
}

/**
 * The team's audit log for its owner and admins (teams.events): newest first, a page at a time. tRPC's
 * infinite query wants a `cursor` input; the log pages by `before`, so this is TanStack's infinite query
 * under tRPC's key for the procedure (the team actions' invalidation of teams.events reaches it).
 */
export function TeamActivity() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const events = useInfiniteQuery({
    queryKey: getQueryKey(trpc.teams.events, undefined, 'infinite'),
    queryFn: ({ pageParam }) => utils.client.teams.events.query({ before: pageParam }),
    initialPageParam: undefined as TeamEventsPageInput['before'],
    getNextPageParam: olderEventsAfter,
  });
  const months = TEAM_EVENTS_KEPT_MONTHS;
  const entries = events.data?.pages.flatMap((page) => page.events) ?? [];

  return (
    <SectionCard
      title={<Trans>Activity</Trans>}
      description={
        <>
          <Trans>Who changed the team's members, invitations, name, card template and cards, and when.</Trans>{' '}
          <Plural value={months} one="Entries are kept for # month." other="Entries are kept for # months." />
        </>
      }
    >
      {events.isSuccess ? (
        entries.length === 0 ? (
          <p className="text-slate-700">
            <Trans>Nothing has been recorded yet.</Trans>
          </p>
        ) : (
          <ol aria-label={t`Team activity, newest first`} className="divide-y divide-slate-200">
            {entries.map((event) => (
              <EventRow key={event.id} event={event} />
            ))}
          </ol>
        )
      ) : (
        <QueryStatus error={events.error} onRetry={() => void events.refetch()} />
      )}
      {events.isFetchNextPageError && (
        <QueryStatus error={events.error} onRetry={() => void events.fetchNextPage()} />
      )}
      {events.hasNextPage && !events.isFetchNextPageError && (
        <Button
          variant="secondary"
          size="sm"
          disabled={events.isFetchingNextPage}
          onClick={() => void events.fetchNextPage()}
        >
          {events.isFetchingNextPage ? <Trans>Loading...</Trans> : <Trans>Show older</Trans>}
        </Button>
      )}
    </SectionCard>
  );
}
