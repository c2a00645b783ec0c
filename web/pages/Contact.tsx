import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '#src/routes.ts';
import { SUPPORT_REPLY_HOURS } from '#src/schemas/support.ts';
import { BackHomeLink } from '../components/BackHomeLink.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { PublicPageLayout } from '../components/PublicPageLayout.tsx';
import { SignedOutOnly } from './auth/SignedOutOnly.tsx';
import { VisitorContactForm } from './contact/VisitorContactForm.tsx';
import { CONTACT_SECTION_ID } from './support/sections.ts';

/**
 * /contact: the landing page's 'Schedule Demo' and the footer's 'Contact'
 * (docs/decisions/008-where-the-spec-is-silent.md). Visitors write here without an account; signed-in people
 * go on to the contact form of their support page, with the same topic.
 */
export function Contact() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { search } = useLocation();
  const toSupportPage = useCallback(
    () => void navigate({ pathname: paths.support, search, hash: CONTACT_SECTION_ID }, { replace: true }),
    [navigate, search],
  );
  return (
    <PublicPageLayout>
      <div className="space-y-8">
        <PageHeading
          title={t`Contact us`}
          description={
            <Trans>
              Questions, a demo, a plan for your team: write to us and we answer by email within{' '}
              {SUPPORT_REPLY_HOURS} hours. No account needed.
            </Trans>
          }
        />
        <div className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
          <SignedOutOnly leave={toSupportPage}>
            <VisitorContactForm />
          </SignedOutOnly>
        </div>
        <BackHomeLink />
      </div>
    </PublicPageLayout>
  );
}
