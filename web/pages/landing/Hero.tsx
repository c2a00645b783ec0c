import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { ArrowRight, QrCode } from 'lucide-react';
import { DEMO_CARD_PATH } from '#src/demo.ts';
import { paths } from '#src/routes.ts';
import { Button } from '../../components/ui/Button.tsx';
import { useDemoCardShown } from './use-demo-card.ts';

function CardIllustration() {
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-xs">
      <div className="absolute -inset-4 rounded-[2rem] bg-brand/25 blur-2xl" />
      <div className="relative rounded-3xl bg-white p-6 shadow-xl ring-1 ring-slate-200">
        <div className="h-20 rounded-2xl bg-gradient-to-br from-brand to-sky-600" />
        <div className="-mt-10 ml-4 size-20 rounded-full border-4 border-white bg-slate-200" />
        <div className="mt-4 space-y-2">
          <div className="h-4 w-2/3 rounded-full bg-slate-800" />
          <div className="h-3 w-1/2 rounded-full bg-slate-300" />
        </div>
        <div className="mt-6 flex items-center justify-between gap-4">
          <div className="flex-1 space-y-2">
            <div className="h-9 rounded-lg bg-brand" />
            <div className="h-9 rounded-lg bg-slate-100" />
          </div>
          <QrCode className="size-20 text-ink" strokeWidth={1.5} />
        </div>
      </div>
    </div>
  );
}

export function Hero() {
  const demoCardShown = useDemoCardShown();
  return (
    <section className="bg-gradient-to-b from-brand-soft to-white">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:px-6 md:grid-cols-2 md:py-24">
        <div className="space-y-6 text-center md:text-left">
          <h1 className="text-4xl font-extrabold tracking-tight text-balance text-ink sm:text-5xl">
            <Trans>Your business card, always up to date</Trans>
          </h1>
          <p className="text-lg text-pretty text-slate-700">
            <Trans>
              Create a digital business card with its own QR code and short link. Share it once, and every
              change you make reaches everyone who has it.
            </Trans>
          </p>
          <div className="flex flex-col gap-3 sm:flex-row sm:justify-center md:justify-start">
            <Button asChild size="lg">
              <Link to={paths.onboarding}>
                <Trans>Get Started Free</Trans>
                <ArrowRight aria-hidden />
              </Link>
            </Button>
            {/* only while the demo card answers (never a link to a 404); a server-rendered page: a full load */}
            {demoCardShown && (
              <Button asChild size="lg" variant="secondary">
                <a href={DEMO_CARD_PATH}>
                  <Trans>View Demo</Trans>
                </a>
              </Button>
            )}
          </div>
        </div>
        <CardIllustration />
      </div>
    </section>
  );
}
