import { useEffect, useState, type ReactNode } from 'react';
import { Plural, Trans } from '@lingui/react/macro';
import { CheckCircle2, RefreshCw, WifiOff } from 'lucide-react';
import { cn } from '../lib/cn.ts';
import { useConnection } from '../lib/connection.ts';
import { TOAST_DURATION_MS } from '../lib/toast.ts';

type Problem = 'offline' | 'server' | null;

/**
 * Says while the browser is offline, or the server does not answer (restarting), that nothing typed is
 * lost and saves wait; then, for a few seconds, that the connection is back. One live region, always in
 * the page, so screen readers announce each change. `className` places it (sticky under the page's bar);
 * `shape`: a bar across the dashboard's column, or a box in a page's content.
 */
export function ConnectionNotice({ className, shape = 'bar' }: { className?: string; shape?: Shape }) {
  const { online, serverAnswers, waitingSaves } = useConnection();
  const problem: Problem = !online ? 'offline' : !serverAnswers ? 'server' : null;
  const [shown, setShown] = useState<Problem>(problem);
  const [back, setBack] = useState(false);
  // adjusting state while rendering: a problem that ends says so for a moment
  if (problem !== shown) {
    setShown(problem);
    setBack(problem === null);
  }
  useEffect(() => {
    if (!back) return;
    const timer = setTimeout(() => setBack(false), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [back]);

  return (
    <div role="status" className={className}>
      {problem === 'offline' && (
        <Strip shape={shape} tone="warning" icon={<WifiOff />}>
          <p className="font-semibold">
            <Trans>You're offline.</Trans>
          </p>
          <p>
            {waitingSaves > 0 ? (
              <Plural
                value={waitingSaves}
                one="# save is waiting for the connection: it is sent when you're back online. Keep this tab open."
                other="# saves are waiting for the connection: they are sent when you're back online. Keep this tab open."
              />
            ) : (
              <Trans>Nothing you type is lost: saves wait for the connection.</Trans>
            )}
          </p>
        </Strip>
      )}
      {problem === 'server' && (
        <Strip shape={shape} tone="warning" icon={<RefreshCw />}>
          <p className="font-semibold">
            <Trans>Tapcard is not answering right now.</Trans>
          </p>
          <p>
            <Trans>It may be restarting. Trying again by itself; nothing you type is lost.</Trans>
          </p>
        </Strip>
      )}
      {problem === null && back && (
        <Strip shape={shape} tone="success" icon={<CheckCircle2 />}>
          <p className="font-semibold">
            <Trans>You're connected again.</Trans>
          </p>
        </Strip>
      )}
    </div>
  );
}

type Shape = 'bar' | 'box';

const STRIP_SHAPES: Record<Shape, string> = {
  bar: 'border-b px-4 sm:px-6 md:px-8',
  box: 'mb-6 rounded-xl border px-4 shadow-sm',
};

const STRIP_TONES = {
  warning: 'border-amber-300 bg-amber-50 text-amber-950 [&_svg]:text-amber-700',
  success: 'border-emerald-300 bg-emerald-50 text-emerald-950 [&_svg]:text-emerald-700',
} as const;

function Strip({
  shape,
  tone,
  icon,
  children,
}: {
  shape: Shape;
  tone: keyof typeof STRIP_TONES;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        'flex items-start gap-3 py-3 text-sm [&_svg]:mt-0.5 [&_svg]:size-5 [&_svg]:shrink-0',
        STRIP_SHAPES[shape],
        STRIP_TONES[tone],
      )}
    >
      <span aria-hidden>{icon}</span>
      <div className="min-w-0 space-y-1">{children}</div>
    </div>
  );
}
