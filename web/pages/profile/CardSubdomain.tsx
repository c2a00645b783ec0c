import { Trans, useLingui } from '@lingui/react/macro';
import { UpgradePrompt } from '../../components/billing/UpgradePrompt.tsx';
import { usePlanFeature } from '../../components/billing/use-plan-feature.ts';
import { SectionCard } from '../../components/SectionCard.tsx';

/**
 * The card's own address, `{username}.{CARD_DOMAIN}` (customSubdomain), where the operator set
 * CARD_DOMAIN: the address for a Pro or Business plan, the upgrade prompt for the others.
 */
export function CardSubdomain({ url }: { url: string }) {
  const { t } = useLingui();
  const { allowed, loaded } = usePlanFeature('customSubdomain');
  if (!loaded) return null;
  return (
    <SectionCard title={t`Your card's own address`}>
      {allowed ? (
        <p className="text-sm text-slate-700">
          <Trans>
            Your card is also at{' '}
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold break-all text-brand-strong underline underline-offset-2"
            >
              {url}
            </a>
            . It shows the same page as your public address, which search engines and link previews use.
          </Trans>
        </p>
      ) : (
        <UpgradePrompt feature="customSubdomain">
          <Trans>Your card at its own address: {url}</Trans>
        </UpgradePrompt>
      )}
    </SectionCard>
  );
}
