import { Trans, useLingui } from '@lingui/react/macro';
import { PageHeading } from '../components/PageHeading.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { trpc } from '../lib/trpc.ts';
import { ActiveSessionsCard } from './account/ActiveSessionsCard.tsx';
import { DeleteAccountCard } from './account/DeleteAccountCard.tsx';
import { EmailChangeNotice } from './account/EmailChangeNotice.tsx';
import { ExportDataCard } from './account/ExportDataCard.tsx';
import { ImportDataCard } from './account/ImportDataCard.tsx';
import { LanguageCard } from './account/LanguageCard.tsx';
import { PasskeysCard } from './account/PasskeysCard.tsx';
import { PasswordCard } from './account/PasswordCard.tsx';
import { PersonalInfoCard } from './account/PersonalInfoCard.tsx';
import { PlanSummaryCard } from './account/PlanSummaryCard.tsx';
import { ThemeColourCard } from './account/ThemeColourCard.tsx';
import { TwoFactorCard } from './account/TwoFactorCard.tsx';
import { UndeliveredMailNotice } from './account/UndeliveredMailNotice.tsx';

/** /dashboard/account (spec section 2, Account settings): one card per setting. */
export function Account() {
  const { t } = useLingui();
  const profile = trpc.profile.me.useQuery();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeading
        title={t`Account settings`}
        description={
          <Trans>
            Manage your personal information, password, language and subscription, export or import your data,
            or delete your account.
          </Trans>
        }
      />
      {profile.data ? (
        <>
          <EmailChangeNotice email={profile.data.email ?? undefined} />
          <UndeliveredMailNotice />
          <PersonalInfoCard profile={profile.data} />
          <PlanSummaryCard profile={profile.data} />
          <PasswordCard />
          <TwoFactorCard />
          <PasskeysCard />
          <ActiveSessionsCard />
          <ThemeColourCard savedColour={profile.data.theme_color} />
          <LanguageCard language={profile.data.language} />
          <ExportDataCard />
          <ImportDataCard />
          <DeleteAccountCard />
        </>
      ) : (
        <QueryStatus error={profile.error} onRetry={() => void profile.refetch()} />
      )}
    </div>
  );
}
