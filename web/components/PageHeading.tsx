import type { ReactNode } from 'react';

/**
 * The h1 of a screen with its one-sentence description; the title also names the browser tab. The heading
 * takes focus from code (tabIndex -1) when a dialog closes and its opener is gone.
 */
export function PageHeading({ title, description }: { title: string; description: ReactNode }) {
  return (
    <div className="space-y-2">
      <title>{`${title} · Tapcard`}</title>
      <h1 tabIndex={-1} className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        {title}
      </h1>
      <p className="text-base text-slate-700">{description}</p>
    </div>
  );
}
