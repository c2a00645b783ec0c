import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '#src/routes.ts';
import { Logo } from '../../components/Logo.tsx';
import { contactFormLink } from '../support/topics.ts';

const LINK_CLASSES = 'rounded text-sm text-slate-700 hover:text-ink hover:underline';

function FooterColumn({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-ink">{title}</h2>
      <ul className="mt-3 space-y-2">{children}</ul>
    </div>
  );
}

export function LandingFooter() {
  const { t } = useLingui();
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div className="space-y-3">
          <Logo />
          <p className="text-sm text-slate-700">
            <Trans>Digital business cards with QR codes and short links.</Trans>
          </p>
        </div>
        <nav aria-label={t`Footer`} className="grid grid-cols-2 gap-8 sm:grid-cols-3 md:col-span-3">
          <FooterColumn title={<Trans>Product</Trans>}>
            <li>
              <a href="#features" className={LINK_CLASSES}>
                <Trans>Features</Trans>
              </a>
            </li>
            <li>
              <a href="#pricing" className={LINK_CLASSES}>
                <Trans>Pricing</Trans>
              </a>
            </li>
            <li>
              <Link to={paths.onboarding} className={LINK_CLASSES}>
                <Trans>Get Started</Trans>
              </Link>
            </li>
          </FooterColumn>
          <FooterColumn title={<Trans>Company</Trans>}>
            <li>
              <a href="#about" className={LINK_CLASSES}>
                <Trans>About</Trans>
              </a>
            </li>
            <li>
              <Link to={contactFormLink()} className={LINK_CLASSES}>
                <Trans>Contact</Trans>
              </Link>
            </li>
          </FooterColumn>
          <FooterColumn title={<Trans>Legal</Trans>}>
            <li>
              <Link to={paths.privacy} className={LINK_CLASSES}>
                <Trans>Privacy Policy</Trans>
              </Link>
            </li>
            <li>
              <Link to={paths.terms} className={LINK_CLASSES}>
                <Trans>Terms of Service</Trans>
              </Link>
            </li>
          </FooterColumn>
        </nav>
      </div>
      <div className="border-t border-slate-200">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-slate-700 sm:px-6">
          <Trans>© 2025 Tapcard. All rights reserved.</Trans>
        </p>
      </div>
    </footer>
  );
}
