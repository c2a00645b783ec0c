import { useId, useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { Button } from '../ui/Button.tsx';
import type { PlanUsage } from './plan-usage.ts';
import { PlanFullNote, PlanLimitNotice } from './PlanLimitNotice.tsx';
import { PlanUsageBar } from './PlanUsageBar.tsx';

interface PlanUsagePanelProps {
  usage: PlanUsage;
  /** The line above the bar, for example '2 of 5 vCards'. */
  summary: ReactNode;
  /** Accessible name of the bar. */
  meterLabel: string;
  createLabel: ReactNode;
  onCreate: () => void;
}

/**
 * The plan usage banner of a dashboard list (My vCards, My QR Codes) and its Create button (spec section 4,
 * limits in use). A full plan is said in a quiet note, so a new account that used its one card is not
 * greeted with a warning; Create past the limit opens nothing and says why, clearly ('Plan Limit Reached').
 */
export function PlanUsagePanel({ usage, summary, meterLabel, createLabel, onCreate }: PlanUsagePanelProps) {
  const { t } = useLingui();
  const noticeId = useId();
  const [tried, setTried] = useState(false);
  const refused = tried && usage.full;
  return (
    <section aria-label={t`Plan usage`} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <PlanUsageBar usage={usage} summary={summary} meterLabel={meterLabel} refused={refused} />
        <Button
          onClick={() => (usage.full ? setTried(true) : onCreate())}
          aria-describedby={usage.full ? noticeId : undefined}
        >
          <Plus aria-hidden />
          {createLabel}
        </Button>
      </div>
      {usage.full && (refused ? <PlanLimitNotice id={noticeId} /> : <PlanFullNote id={noticeId} />)}
    </section>
  );
}
