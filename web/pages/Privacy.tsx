import { Trans, useLingui } from '@lingui/react/macro';
import { PLANS } from '#src/plans.ts';
import { TEAM_EVENTS_KEPT_MONTHS } from '#src/teams.ts';
import { BackHomeLink } from '../components/BackHomeLink.tsx';
import { LegalContact } from '../components/LegalContact.tsx';
import { LegalSection } from '../components/LegalSection.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { PublicPageLayout } from '../components/PublicPageLayout.tsx';
import { useBillingMode } from '../components/billing/use-billing-mode.ts';
import { useKeptRecords } from '../lib/use-kept-records.ts';

/**
 * How payments are taken on this server (docs/decisions/008-where-the-spec-is-silent.md: Stripe with keys,
 * the demo billing without).
 */
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

/**
 * What a visit to a card keeps, as this server records it (src/privacy.ts: the operator's ANALYTICS_*
 * switches); the address and browser never.
 */
/** How many leads a Free account keeps (the plan table). */
const FREE_LEADS_KEPT = PLANS.free.limits.leadsKept;

function VisitorsText() {
  const kept = useKeptRecords();
  return (
    <>
      <p>
        <Trans>
          When someone opens a public card or follows a short link or QR code, the visit is counted. Each
          counted visit keeps:
        </Trans>
      </p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <Trans>the card or link that was opened, and when;</Trans>
        </li>
        <li>
          <Trans>
            the campaign the address names, if it names one (its utm_source, utm_medium and utm_campaign
            parameters, as whoever shared it wrote them);
          </Trans>
        </li>
        {kept?.has('devices') && (
          <li>
            <Trans>
              the kind of device (mobile, tablet or desktop) and the browser family, not its version;
            </Trans>
          </li>
        )}
        {kept?.has('referrers') && (
          <li>
            <Trans>the name of the website the visitor came from, not the page;</Trans>
          </li>
        )}
        {kept?.has('countries') && (
          <li>
            <Trans>the visitor's country, looked up on this server from their network address.</Trans>
          </li>
        )}
      </ul>
      <p>
        <Trans>
          The visitor's network (IP) address and browser are not stored. To count unique visitors, a code made
          from them is kept instead: it changes every day, so once the day is over nobody can tell whose it
          was.
        </Trans>
      </p>
    </>
  );
}

/** What this server's logs keep (LOG_CLIENT_ADDRESS, src/privacy.ts). */
function LogsText() {
  const kept = useKeptRecords();
  if (!kept) return null;
  if (kept.has('logged-addresses')) {
    return (
      <Trans>
        The organisation that runs this server has chosen to log every request with the network (IP) address
        and browser it came from, for as long as it keeps its logs.
      </Trans>
    );
  }
  return (
    <Trans>
      This server's logs record errors and which pages were asked for, never a visitor's or a user's network
      (IP) address or browser.
    </Trans>
  );
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
            </Trans>
          </p>
          <p>
            <Trans>
              For each device you are signed in on, the network (IP) address and browser it signed in from,
              which your account page shows. They are deleted with the session: when that device signs out,
              when you sign it out from your account page, or by the nightly clean-up once it has expired.
            </Trans>
          </p>
          <p>
            <Trans>
              If you belong to a team, its owner and admins see your name, e-mail address and role, and the
              team's activity log: who invited, added, changed or removed whom, and when, with names and
              e-mail addresses as they were then. An entry is deleted after {TEAM_EVENTS_KEPT_MONTHS} months,
              and the whole log with the team.
            </Trans>
          </p>
          <p>
            <Trans>
              Messages sent through the contact form, with the sender's name and e-mail address. The network
              address a message came from is not kept: to limit abuse, one sent without an account keeps a
              code made from it that changes every day.
            </Trans>
          </p>
          <p>
            <Trans>
              To slow down password guessing, attempts to sign in, sign up or reset a password are counted per
              network address. A count is deleted by the nightly clean-up once an hour has passed without
              attempts.
            </Trans>
          </p>
        </LegalSection>
        <LegalSection title={<Trans>Visitors of a card</Trans>}>
          <VisitorsText />
          <p>
            <Trans>
              A visitor who shares their contact through a card's form gives the card's owner the details they
              type there, kept with the consent text they agreed to, its language and the time. Their network
              address is not kept: to limit abuse, a code made from it that changes every day. The owner can
              erase these details at any time; on the Free plan only the newest {FREE_LEADS_KEPT} are kept.
            </Trans>
          </p>
        </LegalSection>
        <LegalSection title={<Trans>Server logs</Trans>}>
          <p>
            <LogsText />
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
