import { Trans, useLingui } from '@lingui/react/macro';
import { ExternalLink } from 'lucide-react';
import { cardAddressPath } from '#src/card-address.ts';
import type { VcardFormValues } from '#src/schemas/vcard.ts';
import { CardAddress } from '../components/card/CardAddress.tsx';
import { publicPageUrl } from '../components/card/public-url.ts';
import { PageHeading } from '../components/PageHeading.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { Button } from '../components/ui/Button.tsx';
import { trpc } from '../lib/trpc.ts';
import { useLocale } from '../lib/use-locale.ts';
import { useNewVcardValues } from './vcards/use-new-vcard-values.ts';
import { useSaveVcard } from './vcards/use-save-vcard.ts';
import { storedVcardForm } from './vcards/vcard-form-values.ts';
import type { VcardRow } from './vcards/types.ts';
import { VcardForm } from './vcards/VcardForm.tsx';

/** The form of the one card: the primary vCard, or a new one when there is none yet. */
function SingleVcardForm({
  vcard,
  publicPath,
  newValues,
}: {
  vcard: VcardRow | null;
  publicPath: string | null;
  /** The form of a new card (in the account's default card colour). */
  newValues: VcardFormValues;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const save = useSaveVcard();
  const publicUrl = publicPath ? publicPageUrl(publicPath) : null;
  const stored = vcard ? storedVcardForm(vcard, locale) : null;
  return (
    <div className="space-y-4">
      {vcard && publicUrl && publicPath && (
        <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
          <CardAddress className="max-w-xl" url={publicUrl} kind="profile" cardName={vcard.name} />
          <Button asChild variant="secondary">
            <a href={publicPath} target="_blank" rel="noopener">
              <ExternalLink aria-hidden />
              <Trans>View public page</Trans>
            </a>
          </Button>
        </div>
      )}
      {!vcard && (
        <p className="rounded-xl border border-brand/40 bg-brand-soft p-4 text-sm text-ink">
          <Trans>You don't have a vCard yet. Fill in the form to create your first one.</Trans>
        </p>
      )}
      <div className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <VcardForm
          initialValues={stored?.values ?? newValues}
          latest={stored}
          vcardId={vcard?.id}
          publicUrl={publicUrl}
          qrDesign={vcard?.qrDesign}
          submitLabel={vcard ? <Trans>Save vCard</Trans> : <Trans>Create vCard</Trans>}
          onSave={(values) => save(vcard?.id ?? null, values, t`vCard saved successfully`)}
          headingLevel={2}
          // kept across a reload; its base is the saved card it was made on
          draft={{ cardId: vcard?.id ?? 'new', base: vcard ? vcard.updated_at.toISOString() : null }}
        />
      </div>
    </div>
  );
}

/** /dashboard/vcard (spec section 2): the single-vCard editor, for people with one card. */
export function VCardEditor() {
  const { t } = useLingui();
  const list = trpc.vcards.list.useQuery();
  const data = list.data;
  const primary = data?.vcards.find((vcard) => vcard.id === data.primaryId) ?? null;
  const newValues = useNewVcardValues();
  return (
    <div className="space-y-6">
      <PageHeading
        title={t`Edit vCard`}
        description={<Trans>Change the details, photo and colours of your digital business card.</Trans>}
      />
      {data && newValues ? (
        <SingleVcardForm
          // a newly created card starts a form of its own, filled from what was saved
          key={primary?.id ?? 'new'}
          vcard={primary}
          publicPath={primary ? cardAddressPath(primary.id, data.primaryId, data.username) : null}
          newValues={newValues}
        />
      ) : (
        <QueryStatus error={list.error} onRetry={() => void list.refetch()} />
      )}
    </div>
  );
}
