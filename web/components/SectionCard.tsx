import { useId, type ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

/** A titled white panel of a dashboard page; 'danger' marks an action that cannot be undone. */
export function SectionCard({
  title,
  description,
  tone = 'default',
  id,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  tone?: 'default' | 'danger';
  id?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(
        'space-y-5 rounded-xl border bg-white p-4 sm:p-6',
        tone === 'danger' ? 'border-red-300' : 'border-slate-200',
      )}
    >
      <div className="space-y-1">
        <h2
          id={headingId}
          className={cn('text-lg font-semibold', tone === 'danger' ? 'text-red-800' : 'text-ink')}
        >
          {title}
        </h2>
        {description && <p className="text-sm text-slate-700">{description}</p>}
      </div>
      {children}
    </section>
  );
}
