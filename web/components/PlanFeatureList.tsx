import type { ReactNode } from 'react';
import { Plural, Trans } from '@lingui/react/macro';
import { Check } from 'lucide-react';
import { isUnlimited, TRIAL_DAYS, type Plan, type PlanFeature } from '#src/plans.ts';

function QrCodeAllowance({ limit }: { limit: number }) {
  if (isUnlimited(limit)) return <Trans>Unlimited QR codes</Trans>;
  return <Plural value={limit} one="# QR code" other="# QR codes" />;
}

function VCardAllowance({ limit }: { limit: number }) {
  if (isUnlimited(limit)) return <Trans>Unlimited vCards</Trans>;
  return <Plural value={limit} one="# vCard" other="# vCards" />;
}

function LeadAllowance({ limit }: { limit: number }) {
  if (isUnlimited(limit)) return <Trans>Unlimited leads</Trans>;
  return <Plural value={limit} one="Your latest lead kept" other="Your latest # leads kept" />;
}

// Every feature key of src/plans.ts has a text here; the Record type makes a missing one a compile error.
const FEATURE_TEXT: Record<PlanFeature, (plan: Plan) => ReactNode> = {
  qrCodes: (plan) => <QrCodeAllowance limit={plan.limits.qrCodes} />,
  vcards: (plan) => <VCardAllowance limit={plan.limits.vcards} />,
  leads: (plan) => <LeadAllowance limit={plan.limits.leadsKept} />,
  basicAnalytics: () => <Trans>Basic analytics</Trans>,
  freeTrial: () => <Trans>{TRIAL_DAYS}-day free trial</Trans>,
  numericUrl: () => <Trans>Numeric profile URL</Trans>,
  customSubdomain: () => <Trans>Custom subdomain</Trans>,
  fullAnalytics: () => <Trans>Full analytics</Trans>,
  customLinks: () => <Trans>Custom links</Trans>,
  prioritySupport: () => <Trans>Priority support</Trans>,
  customBranding: () => <Trans>Custom branding</Trans>,
  adFree: () => <Trans>No “Made with Tapcard” footer</Trans>,
  cardKit: () => <Trans>E-mail signatures and meeting backgrounds</Trans>,
  customDomain: () => <Trans>Custom domain</Trans>,
  advancedAnalytics: () => <Trans>Advanced analytics</Trans>,
  teamAccess: () => <Trans>Team access</Trans>,
  apiAccess: () => <Trans>API access</Trans>,
  whiteLabel: () => <Trans>White label</Trans>,
  dedicatedSupport: () => <Trans>Dedicated support</Trans>,
};

/** The translated line for one feature of a plan, with its limit filled in. */
export function PlanFeatureText({ plan, feature }: { plan: Plan; feature: PlanFeature }) {
  return FEATURE_TEXT[feature](plan);
}

/** A plan's features, each with a check mark; `className` lays the list out (one column, a grid…). */
export function PlanFeatureList({ plan, className }: { plan: Plan; className: string }) {
  return (
    <ul className={className}>
      {plan.features.map((feature) => (
        <li key={feature} className="flex items-start gap-2">
          <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-strong" />
          <span>
            <PlanFeatureText plan={plan} feature={feature} />
          </span>
        </li>
      ))}
    </ul>
  );
}
