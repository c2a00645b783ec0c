import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { IdCard, Link2, QrCode, RefreshCw, ShieldCheck, Smartphone, type LucideIcon } from 'lucide-react';

interface Feature {
  icon: LucideIcon;
  title: MessageDescriptor;
  description: MessageDescriptor;
}

// spec section 1: what the landing page pitches.
const FEATURES: readonly Feature[] = [
  {
    icon: QrCode,
    title: msg`Custom QR codes`,
    description: msg`Create QR codes for your card and your links, and download them to print anywhere.`,
  },
  {
    icon: Link2,
    title: msg`Personalised short links`,
    description: msg`Share a short, personal link to your card that is easy to type and to remember.`,
  },
  {
    icon: IdCard,
    title: msg`Smart vCards`,
    description: msg`People save your details to their phone's contacts in one tap.`,
  },
  {
    icon: Smartphone,
    title: msg`Mobile optimisation`,
    description: msg`Your card looks right on every phone, tablet and computer.`,
  },
  {
    icon: RefreshCw,
    title: msg`Instant updates`,
    description: msg`Change your details once and every link and QR code you have shared shows the update.`,
  },
  {
    icon: ShieldCheck,
    title: msg`Secure and private data`,
    description: msg`Sign in with a passkey or a two-factor code. No tracking cookies, and only what you put on your card is public.`,
  },
];

function FeatureCard({ feature }: { feature: Feature }) {
  const { i18n } = useLingui();
  const Icon = feature.icon;
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-soft text-brand-strong">
        <Icon aria-hidden className="size-6" />
      </span>
      <h3 className="mt-4 text-lg font-semibold text-ink">{i18n._(feature.title)}</h3>
      <p className="mt-2 text-slate-700">{i18n._(feature.description)}</p>
    </li>
  );
}

export function Features() {
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-24"
    >
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="features-title" className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          <Trans>Everything you need to share who you are</Trans>
        </h2>
        <p className="mt-4 text-lg text-slate-700">
          <Trans>One card, one QR code and one short link that always show your latest details.</Trans>
        </p>
      </div>
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map((feature) => (
          <FeatureCard key={feature.title.id} feature={feature} />
        ))}
      </ul>
    </section>
  );
}
