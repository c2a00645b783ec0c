import { Trans, useLingui } from '@lingui/react/macro';
import { profilePagePath } from '#src/card-address.ts';
import { CardAddress } from '../../components/card/CardAddress.tsx';
import { publicProfileUrl } from '../../components/card/public-url.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { trpc } from '../../lib/trpc.ts';

/**
 * The dashboard's home: the card's address to copy or share, once there is a card (the account's page,
 * /{username}, which shows the primary card). Without a card MissingCardNotice leads to the card step.
 */
export function ShareCardPanel() {
  const { t } = useLingui();
  const profile = trpc.profile.me.useQuery().data;
  if (!profile?.username || !profile.has_vcard) return null;
  return (
    <SectionCard
      title={t`Share your card`}
      description={<Trans>Send it in a message, put it in your e-mail signature or on your website.</Trans>}
    >
      <div className="space-y-3">
        <CardAddress
          className="max-w-xl"
          url={publicProfileUrl(profile.username)}
          kind="profile"
          cardName={profile.name || profile.username}
        />
        <a
          href={profilePagePath(profile.username)}
          target="_blank"
          rel="noopener"
          className="inline-block text-sm font-semibold text-brand-strong underline underline-offset-2"
        >
          <Trans>View public page</Trans>
        </a>
      </div>
    </SectionCard>
  );
}
