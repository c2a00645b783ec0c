import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { Button } from '../../components/ui/Button.tsx';
import type { VcardUsage } from './vcard-usage.ts';
import { VcardLimitNotice } from './VcardLimitNotice.tsx';
import { VcardUsageBar } from './VcardUsageBar.tsx';

/** The plan usage and the Create button, blocked with the reason once the plan is full (spec section 4). */
export function VcardsToolbar({ usage, onCreate }: { usage: VcardUsage; onCreate: () => void }) {
  const { t } = useLingui();
  const noticeId = useId();
  return (
    <section aria-label={t`Plan usage`} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <VcardUsageBar usage={usage} />
        <Button onClick={onCreate} disabled={usage.full} aria-describedby={usage.full ? noticeId : undefined}>
          <Plus aria-hidden />
          <Trans>Create vCard</Trans>
        </Button>
      </div>
      {usage.full && <VcardLimitNotice id={noticeId} />}
    </section>
  );
}
