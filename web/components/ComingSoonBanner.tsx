import { Trans } from '@lingui/react/macro';
import { Construction } from 'lucide-react';

/** spec section 2: the banner of a feature that is not built yet. */
export function ComingSoonBanner() {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <Construction aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <p>
        <Trans>Coming soon: this feature is under development</Trans>
      </p>
    </div>
  );
}
