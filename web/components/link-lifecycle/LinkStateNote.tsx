import type { ReactNode } from 'react';
import { Plural, Trans } from '@lingui/react/macro';
import { CalendarClock, CircleCheck, CircleSlash, Split, TimerOff } from 'lucide-react';
import { linkState, type LinkState } from '#src/link-lifecycle.ts';
import { cn } from '../../lib/cn.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { useNow } from '../../lib/use-now.ts';
import type { StoredLifecycle } from './types.ts';

/** A schedule's boundary passes while the page is open: the state is read again each minute. */
const STATE_REFRESH_MS = 60_000;

const STATE_LOOK: Record<LinkState, { classes: string; icon: ReactNode }> = {
  live: {
    classes: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
    icon: <CircleCheck aria-hidden className="size-3.5 shrink-0" />,
  },
  scheduled: {
    classes: 'bg-sky-50 text-sky-900 ring-sky-300',
    icon: <CalendarClock aria-hidden className="size-3.5 shrink-0" />,
  },
  ended: {
    classes: 'bg-amber-50 text-amber-950 ring-amber-300',
    icon: <TimerOff aria-hidden className="size-3.5 shrink-0" />,
  },
  spent: {
    classes: 'bg-amber-50 text-amber-950 ring-amber-300',
    icon: <TimerOff aria-hidden className="size-3.5 shrink-0" />,
  },
  disabled: {
    classes: 'bg-slate-100 text-slate-800 ring-slate-300',
    icon: <CircleSlash aria-hidden className="size-3.5 shrink-0" />,
  },
};

/** "3 of 100 scans". */
function ScansOf({ used, max }: { used: number; max: number }) {
  return (
    <Trans>
      {used} of <Plural value={max} one="# scan" other="# scans" />
    </Trans>
  );
}

/** What the state's badge says, or null for a live link with neither an end nor a limit to tell. */
function StateText({ state, lifecycle }: { state: LinkState; lifecycle: StoredLifecycle }) {
  const locale = useLocale();
  const { activeFrom, activeUntil, maxScans, scansUsed } = lifecycle;
  switch (state) {
    case 'disabled':
      return <Trans>Disabled</Trans>;
    case 'scheduled': {
      const from = activeFrom ? formatDateTime(activeFrom, locale) : '';
      return <Trans>Scheduled (from {from})</Trans>;
    }
    case 'ended':
      return <Trans>Ended</Trans>;
    case 'spent': {
      const max = maxScans ?? 0;
      return (
        <Trans>
          Spent ({scansUsed} of <Plural value={max} one="# scan" other="# scans" />)
        </Trans>
      );
    }
    case 'live': {
      const until = activeUntil ? formatDateTime(activeUntil, locale) : null;
      const limit = maxScans === null ? null : <ScansOf used={scansUsed} max={maxScans} />;
      if (until === null) return limit;
      return (
        <>
          <Trans>Live until {until}</Trans>
          {limit && <> · {limit}</>}
        </>
      );
    }
  }
}

/**
 * A link's state on its card (src/link-lifecycle.ts linkState), in words beside its colour, and how many
 * rules it has; nothing for a live link with nothing set.
 */
export function LinkStateNote({ lifecycle }: { lifecycle: StoredLifecycle }) {
  const now = useNow(STATE_REFRESH_MS);
  const state = linkState(
    {
      enabled: lifecycle.enabled,
      activeFrom: lifecycle.activeFrom?.getTime() ?? null,
      activeUntil: lifecycle.activeUntil?.getTime() ?? null,
      maxScans: lifecycle.maxScans,
      scansUsed: lifecycle.scansUsed,
    },
    now,
  );
  const text = <StateText state={state} lifecycle={lifecycle} />;
  const showsState = state !== 'live' || lifecycle.activeUntil !== null || lifecycle.maxScans !== null;
  const rules = lifecycle.rules.length;
  if (!showsState && rules === 0) return null;
  const look = STATE_LOOK[state];
  return (
    <p className="flex flex-wrap items-center gap-2 text-xs font-medium">
      {showsState && (
        <span className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 ring-1', look.classes)}>
          {look.icon}
          {text}
        </span>
      )}
      {rules > 0 && (
        <span className="inline-flex items-center gap-1 text-slate-700">
          <Split aria-hidden className="size-3.5 shrink-0" />
          <Plural value={rules} one="# rule" other="# rules" />
        </span>
      )}
    </p>
  );
}
