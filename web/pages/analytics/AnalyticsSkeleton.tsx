import { Trans } from '@lingui/react/macro';

const block = 'rounded-xl border border-slate-200 bg-white p-4 sm:p-5';
const bar = 'rounded bg-slate-100 motion-safe:animate-pulse';

/** The shape of the cards and the chart while the numbers load. */
export function AnalyticsSkeleton() {
  return (
    <div aria-busy="true" className="space-y-6">
      <p role="status" className="sr-only">
        <Trans>Loading...</Trans>
      </p>
      <div aria-hidden className="grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-4">
        {[0, 1, 2, 3].map((card) => (
          <div key={card} className={block}>
            <div className={`h-4 w-24 ${bar}`} />
            <div className={`mt-3 h-8 w-16 ${bar}`} />
            <div className={`mt-4 h-4 w-32 ${bar}`} />
          </div>
        ))}
      </div>
      <div aria-hidden className={`${block} sm:p-6`}>
        <div className={`h-5 w-40 ${bar}`} />
        <div className={`mt-5 h-64 w-full ${bar}`} />
      </div>
    </div>
  );
}
