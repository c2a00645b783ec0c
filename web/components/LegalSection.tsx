import type { ReactNode } from 'react';

/** One titled part of a legal page. */
export function LegalSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h2 className="text-lg font-semibold text-ink">{title}</h2>
      <div className="space-y-2 leading-relaxed text-slate-700">{children}</div>
    </section>
  );
}
