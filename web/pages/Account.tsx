import { Trans, useLingui } from '@lingui/react/macro';
import { authClient } from '../lib/auth-client.ts';
import { ComingSoonBanner } from '../components/ComingSoonBanner.tsx';
import { PageHeading } from '../components/PageHeading.tsx';

function SignedInUser() {
  const user = authClient.useSession().data?.user;
  if (!user) return null;
  return (
    <section
      aria-labelledby="account-user"
      className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="account-user" className="text-base font-semibold text-ink">
        <Trans>Signed in as</Trans>
      </h2>
      <p className="mt-2 font-medium break-words text-ink">{user.name}</p>
      <p className="text-sm break-words text-slate-700">{user.email}</p>
    </section>
  );
}

export function Account() {
  const { t } = useLingui();
  return (
    <div className="space-y-6">
      <PageHeading
        title={t`Account settings`}
        description={
          <Trans>
            Manage your personal information, password, language and subscription, or delete your account.
          </Trans>
        }
      />
      <SignedInUser />
      <ComingSoonBanner />
    </div>
  );
}
