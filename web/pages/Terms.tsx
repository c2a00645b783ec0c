import { Trans, useLingui } from '@lingui/react/macro';
import { TRIAL_DAYS } from '#src/plans.ts';
import { BackHomeLink } from '../components/BackHomeLink.tsx';
import { LegalContact } from '../components/LegalContact.tsx';
import { LegalSection } from '../components/LegalSection.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { PublicPageLayout } from '../components/PublicPageLayout.tsx';

export function Terms() {
  const { t } = useLingui();
  return (
    <PublicPageLayout>
      <article className="space-y-8">
        <PageHeading
          title={t`Terms of Service`}
          description={<Trans>The rules for using Tapcard on this server.</Trans>}
        />
        <LegalSection title={<Trans>Your account</Trans>}>
          <p>
            <Trans>
              You are responsible for keeping your password safe and for everything done with your account.
              Give true contact details: they appear on the cards you share.
            </Trans>
          </p>
        </LegalSection>
        <LegalSection title={<Trans>Your content</Trans>}>
          <p>
            <Trans>
              You own the details, photos and links you add. You allow this server to store them and to show
              them on your public pages. Do not publish anything unlawful, misleading or that you have no
              right to share, and do not use links to spread malware or spam.
            </Trans>
          </p>
        </LegalSection>
        <LegalSection title={<Trans>Plans and billing</Trans>}>
          <p>
            <Trans>
              Every account starts with a {TRIAL_DAYS}-day free trial. After it, your public pages pause until
              you choose a paid plan; your data is kept. Paid plans renew each month or year until you cancel,
              and you can cancel at any time from the billing page.
            </Trans>
          </p>
        </LegalSection>
        <LegalSection title={<Trans>Availability</Trans>}>
          <p>
            <Trans>
              The service is provided as it is. We work to keep it running and your data safe, but we cannot
              promise it will never be interrupted.
            </Trans>
          </p>
        </LegalSection>
        <LegalSection title={<Trans>Changes and contact</Trans>}>
          <p>
            <Trans>We may update these terms and will say so on this page.</Trans> <LegalContact />
          </p>
        </LegalSection>
        <BackHomeLink />
      </article>
    </PublicPageLayout>
  );
}
