import { Trans } from '@lingui/react/macro';
import { Star } from 'lucide-react';
import { usePlanFeature } from '../../components/billing/use-plan-feature.ts';

/** What the plan's support promises (prioritySupport, dedicatedSupport): said where the person writes. */
export function SupportPriorityNote() {
  const dedicated = usePlanFeature('dedicatedSupport').allowed;
  const priority = usePlanFeature('prioritySupport').allowed;
  if (!priority) return null;
  return (
    <p className="flex items-start gap-2 rounded-lg bg-brand-soft p-3 text-sm text-gray-900">
      <Star aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-strong" />
      <span>
        {dedicated ? (
          <Trans>
            <strong>Dedicated support:</strong> your messages go to our Business team and are answered first.
          </Trans>
        ) : (
          <Trans>
            <strong>Priority support:</strong> your messages are answered before those of free accounts.
          </Trans>
        )}
      </span>
    </p>
  );
}
