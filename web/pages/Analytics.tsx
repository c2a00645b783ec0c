import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Activity, Eye, MousePointerClick, ScanLine, type LucideIcon } from 'lucide-react';
import { authClient } from '../lib/auth-client.ts';
import { ComingSoonBanner } from '../components/ComingSoonBanner.tsx';
import { PageHeading } from '../components/PageHeading.tsx';

interface Stat {
  label: MessageDescriptor;
  icon: LucideIcon;
}

// spec section 2, analytics: the four counters. They read 0 until the analytics issue connects real data.
const STATS: readonly Stat[] = [
  { label: msg`QR scans`, icon: ScanLine },
  { label: msg`Profile views`, icon: Eye },
  { label: msg`Link clicks`, icon: MousePointerClick },
  { label: msg`Total interactions`, icon: Activity },
];

function StatCard({ stat, value }: { stat: Stat; value: number }) {
  const { i18n } = useLingui();
  const Icon = stat.icon;
  return (
    <li className="flex items-center justify-between gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <div>
        <p className="text-sm font-medium text-slate-700">{i18n._(stat.label)}</p>
        <p className="mt-1 text-3xl font-bold text-ink">{i18n.number(value)}</p>
      </div>
      <span className="inline-flex size-11 items-center justify-center rounded-full bg-brand-soft text-brand-strong">
        <Icon aria-hidden className="size-5" />
      </span>
    </li>
  );
}

export function Analytics() {
  const { t } = useLingui();
  const userName = authClient.useSession().data?.user.name;
  return (
    <div className="space-y-6">
      <PageHeading
        title={t`Analytics`}
        description={
          userName ? (
            <Trans>Welcome back, {userName}. Here is how people use your cards, QR codes and links.</Trans>
          ) : (
            <Trans>Here is how people use your cards, QR codes and links.</Trans>
          )
        }
      />
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {STATS.map((stat) => (
          <StatCard key={stat.label.id} stat={stat} value={0} />
        ))}
      </ul>
      <ComingSoonBanner />
    </div>
  );
}
