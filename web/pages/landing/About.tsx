import { Trans } from '@lingui/react/macro';

export function About() {
  return (
    <section
      id="about"
      aria-labelledby="about-title"
      className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6 md:py-24"
    >
      <h2 id="about-title" className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
        <Trans>About Tapcard</Trans>
      </h2>
      <p className="mt-6 text-lg leading-relaxed text-slate-700">
        <Trans>
          Tapcard turns your business card into a page that is always current. We built it for freelancers,
          sales teams and small businesses who meet people every day and want to be remembered.
        </Trans>
      </p>
      <p className="mt-4 text-lg leading-relaxed text-slate-700">
        <Trans>
          Your card, your links and the visits they get are kept by the organisation that runs this server,
          and are not shared with the makers of Tapcard. You can change or delete them at any time.
        </Trans>
      </p>
    </section>
  );
}
