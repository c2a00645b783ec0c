import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { BookOpen, Mail, MessageCircle, type LucideIcon } from 'lucide-react';
import { SUPPORT_REPLY_HOURS } from '#src/schemas/support.ts';
import { CONTACT_SECTION_ID, FAQ_SECTION_ID } from './sections.ts';

function HelpCard({
  icon: Icon,
  title,
  children,
  linkTo,
  linkLabel,
}: {
  icon: LucideIcon;
  title: ReactNode;
  children: ReactNode;
  /** A section of this page. */
  linkTo: string;
  linkLabel: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <Icon aria-hidden className="size-6 text-brand-strong" />
      <h2 className="font-semibold text-ink">{title}</h2>
      <p className="flex-1 text-sm text-slate-700">{children}</p>
      <Link
        to={{ hash: linkTo }}
        className="self-start rounded text-sm font-semibold text-brand-strong underline-offset-4 hover:underline"
      >
        {linkLabel}
      </Link>
    </li>
  );
}

/** spec section 2, Support: documentation, live chat and e-mail support, each leading somewhere real. */
export function HelpCards() {
  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      <HelpCard
        icon={BookOpen}
        title={<Trans>Documentation</Trans>}
        linkTo={FAQ_SECTION_ID}
        linkLabel={<Trans>Read the FAQ</Trans>}
      >
        <Trans>Short answers about QR codes, card design and plans.</Trans>
      </HelpCard>
      <HelpCard
        icon={MessageCircle}
        title={<Trans>Live chat</Trans>}
        linkTo={CONTACT_SECTION_ID}
        linkLabel={<Trans>Write to us instead</Trans>}
      >
        <Trans>We don't offer live chat. Send us a message instead: a person reads every one.</Trans>
      </HelpCard>
      <HelpCard
        icon={Mail}
        title={<Trans>Email support</Trans>}
        linkTo={CONTACT_SECTION_ID}
        linkLabel={<Trans>Send a message</Trans>}
      >
        <Trans>We answer every message by email within {SUPPORT_REPLY_HOURS} hours.</Trans>
      </HelpCard>
    </ul>
  );
}
