import type { ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';

/** A warning box inside a form (an unconfirmed address, a link that no longer works), announced when it appears. */
export function Notice({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <AlertTriangle aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <div className="min-w-0 space-y-2">
        <p className="font-semibold">{title}</p>
        {children}
      </div>
    </div>
  );
}
