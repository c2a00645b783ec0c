import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { Sparkles } from 'lucide-react';
import { TRIAL_DAYS } from '#src/plans.ts';
import { paths } from '#src/routes.ts';
import { Button } from '../../components/ui/Button.tsx';
import { contactFormLink } from '../support/topics.ts';

export function CallToAction() {
  return (
    <section aria-labelledby="cta-title" className="bg-ink px-4 py-16 text-white sm:px-6 md:py-20">
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-6 text-center">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-1.5 text-sm font-semibold text-brand">
          <Sparkles aria-hidden className="size-4" />
          <Trans>Early Access Offer — Limited Time Only</Trans>
        </p>
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          <Trans>Ready to share your card?</Trans>
        </h2>
        <p className="text-lg text-slate-300">
          <Trans>Create your digital business card in minutes and share it with a scan or a link.</Trans>
        </p>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button asChild size="lg">
            <Link to={paths.onboarding}>
              <Trans>Start Free Trial</Trans>
            </Link>
          </Button>
          {/* docs/decisions/008-where-the-spec-is-silent.md: "Schedule Demo" opens the contact form, for
              visitors too. */}
          <Button asChild size="lg" variant="inverted">
            <Link to={contactFormLink('demo')}>
              <Trans>Schedule Demo</Trans>
            </Link>
          </Button>
        </div>
        <p className="text-sm text-balance text-slate-300">
          <Trans>No credit card required • {TRIAL_DAYS}-day free trial</Trans>
        </p>
      </div>
    </section>
  );
}
