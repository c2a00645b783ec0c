import { Trans, useLingui } from '@lingui/react/macro';
import { BackHomeLink } from '../components/BackHomeLink.tsx';
import { LegalContact } from '../components/LegalContact.tsx';
import { LegalSection } from '../components/LegalSection.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { PublicPageLayout } from '../components/PublicPageLayout.tsx';
import { useBillingMode } from '../components/billing/use-billing-mode.ts';

/** How payments are taken on this server (DECISIONS.md: Stripe with keys, the demo billing without). */
function PaymentsText() {
  const mode = useBillingMode();
  if (mode === 'stripe') {
    return (
      <Trans>
        Paid plans are processed by Stripe. Your card details go directly to Stripe and are never stored on
        this server.
      </Trans>
    );
  }
  if (mode === 'demo') {
    return (
      <Trans>
        This server runs a demo billing: no payment details are asked for or stored, no card is charged and no
        money moves. Its invoices are examples.
      </Trans>
    );
  }
  return null;
}

export function Privacy() {
  const { t } = useLingui();
  return (
    <PublicPageLayout>
      <article className="space-y-8">
        <PageHeading
          title={t`Privacy Policy`}
          description={<Trans>What Tapcard stores about you, why, and how you stay in control of it.</Trans>}
        />
        <LegalSection title={<Trans>Self-hosted</Trans>}>
          <p>
            <Trans>
              Tapcard is self-hosted software. The organisation that runs this server stores your data on its
              own infrastructure and is responsible for it. Your data is not shared with the makers of
              Tapcard.
            </Trans>
          </p>
        </LegalSection>
        <LegalSection title={<Trans>What we store</Trans>}>
          <p>
            <Trans>
              Your account (name, e-mail address and a securely hashed password), the cards, links and photos
              you create, your plan, and counts of how often your public pages, QR codes and links are opened.
              Messages sent through the contact form are kept with the sender's name and e-mail address; one
              sent without an account also keeps the network (IP) address it came from, to limit abuse.
            </Trans>
          </p>
        </LegalSection>
        <LegalSection title={<Trans>What is public</Trans>}>
          <p>
            <Trans>
              Your public profile and vCard pages show the details you choose to put on them, to anyone who
              has the link or scans the QR code. Everything else stays private to your account.
            </Trans>
          </p>
        </LegalSection>
        <LegalSection title={<Trans>Cookies and local storage</Trans>}>
          <p>
            <Trans>
              We use one cookie to keep you signed in, and your browser's local storage to remember your
              language. There are no advertising or tracking cookies.
            </Trans>
          </p>
        </LegalSection>
        <LegalSection title={<Trans>Payments</Trans>}>
          <p>
            <PaymentsText />
          </p>
        </LegalSection>
        <LegalSection title={<Trans>Your choices</Trans>}>
          <p>
            <Trans>
              You can change your details at any time in your account settings. Deleting your account removes
              your profile, cards, links, photos and sessions, and cannot be undone.
            </Trans>{' '}
            <LegalContact />
          </p>
        </LegalSection>
        <BackHomeLink />
      </article>
    </PublicPageLayout>
  );
}
