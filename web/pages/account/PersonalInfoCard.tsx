import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '#src/routes.ts';
import { usePlanFeature } from '../../components/billing/use-plan-feature.ts';
import { UsernameLimits } from '../../components/card/UsernameField.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { authClient } from '../../lib/auth-client.ts';
import { trpc } from '../../lib/trpc.ts';
import { EmailAddress } from './EmailAddress.tsx';
import { PersonalInfoForm } from './PersonalInfoForm.tsx';
import { ProfilePhoto } from './ProfilePhoto.tsx';
import type { Profile } from './types.ts';

/**
 * The usernames the person had before a rename (docs/decisions/011-addresses-that-never-break.md): their old
 * addresses redirect to the current one, and nobody else can take them. Where the operator set
 * CARD_DOMAIN and the plan includes customSubdomain, the old card subdomains too.
 */
function HeldUsernames() {
  const held = trpc.profile.heldUsernames.useQuery();
  const subdomain = usePlanFeature('customSubdomain');
  const current = held.data?.current;
  if (!current || !held.data?.held.length) return null;
  const subdomains = subdomain.allowed ? held.data.card_subdomain_urls : null;
  // shown as the host people type and print: paula.cards.example.com
  const hostOf = (username: string) => {
    const url = subdomains?.[username];
    return url ? new URL(url).host : null;
  };
  const currentSubdomain = hostOf(current);
  return (
    <div className="mt-3">
      <p className="text-sm font-medium text-ink">
        <Trans>Earlier usernames, reserved for you</Trans>
      </p>
      <ul className="mt-1 space-y-2 text-sm text-slate-700">
        {held.data.held.map((username) => {
          const oldSubdomain = hostOf(username);
          return (
            <li key={username}>
              <Trans>
                <span className="font-mono break-all">/{username}</span> redirects to{' '}
                <span className="font-mono break-all">/{current}</span>
              </Trans>
              {oldSubdomain && currentSubdomain ? (
                <span className="mt-0.5 block">
                  <Trans>
                    <span className="font-mono break-all">{oldSubdomain}</span> redirects to{' '}
                    <span className="font-mono break-all">{currentSubdomain}</span>
                  </Trans>
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The username is chosen with the first card; shown here, edited on the profile page. */
function Username({ username }: { username: string | null }) {
  const { t } = useLingui();
  return (
    <div>
      <p className="text-sm font-medium text-ink">
        <Trans>Username</Trans>
      </p>
      {username ? (
        <p className="break-all text-slate-700">{username}</p>
      ) : (
        <p className="text-slate-700">
          <span aria-hidden>—</span>
          <span className="sr-only">{t`Not set yet`}</span>
        </p>
      )}
      <p className="mt-1 text-sm text-slate-600">
        <Trans>
          It is part of your public address. Change it on{' '}
          <Link to={paths.profile} className="font-medium text-brand-strong underline">
            your profile page
          </Link>
          .
        </Trans>
      </p>
      <UsernameLimits className="mt-1 text-sm text-slate-600" />
      <HeldUsernames />
    </div>
  );
}

export function PersonalInfoCard({ profile }: { profile: Profile }) {
  const { t } = useLingui();
  const sessionEmail = authClient.useSession().data?.user.email;
  return (
    <SectionCard
      title={t`Personal information`}
      description={<Trans>Your name and email address, as they appear on your account.</Trans>}
    >
      <ProfilePhoto photoUrl={profile.profile_pic} />
      <PersonalInfoForm profile={profile} />
      <div className="space-y-5 border-t border-slate-200 pt-5">
        <EmailAddress email={sessionEmail ?? profile.email ?? ''} />
        <Username username={profile.username} />
      </div>
    </SectionCard>
  );
}
