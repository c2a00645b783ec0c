import { Link, useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import { vcardPagePath } from '#src/card-address.ts';
import { paths, TEAM_CARD_PARAM } from '#src/routes.ts';
import { VcardIdSchema } from '#src/schemas/vcard.ts';
import { CardAddress } from '../components/card/CardAddress.tsx';
import { publicPageUrl } from '../components/card/public-url.ts';
import { Notice } from '../components/Notice.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { Button } from '../components/ui/Button.tsx';
import { trpc, type RouterOutputs } from '../lib/trpc.ts';
import { useLocale } from '../lib/use-locale.ts';
import { useSaveVcard } from './vcards/use-save-vcard.ts';
import { storedVcardForm } from './vcards/vcard-form-values.ts';
import { VcardForm } from './vcards/VcardForm.tsx';

function BackToTeam() {
  return (
    <Button asChild variant="secondary" size="sm">
      <Link to={paths.team}>
        <ArrowLeft aria-hidden />
        <Trans>Back to the team</Trans>
      </Link>
    </Button>
  );
}

/**
 * The editor of a loaded team card: the personal editor's form, its drafts, versions and leave guard, with
 * the fields the team's template locks shown read-only.
 */
function TeamCardForm({
  vcard,
  template,
}: {
  vcard: RouterOutputs['vcards']['get'];
  template: RouterOutputs['teams']['template'];
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const save = useSaveVcard();
  const stored = storedVcardForm(vcard, locale);
  const path = vcardPagePath(vcard.id);
  const url = publicPageUrl(path);
  return (
    <div className="space-y-4">
      <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        {vcard.draft && (
          <Notice tone="info" title={<Trans>A draft: not public yet</Trans>}>
            <Trans>
              Its page, QR code and contact file open when its person joins the team, or when an admin
              publishes it on the team page. Its address is already the one below.
            </Trans>
          </Notice>
        )}
        <CardAddress className="max-w-xl" url={url} kind="vcard" cardName={vcard.name} />
        {!vcard.draft && (
          <Button asChild variant="secondary">
            <a href={path} target="_blank" rel="noopener">
              <ExternalLink aria-hidden />
              <Trans>View public page</Trans>
            </a>
          </Button>
        )}
      </div>
      <div className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <VcardForm
          initialValues={stored.values}
          latest={stored}
          vcardId={vcard.id}
          publicUrl={url}
          submitLabel={<Trans>Save card</Trans>}
          onSave={(values) => save(vcard.id, values, t`Team card saved`)}
          headingLevel={2}
          // kept across a reload; its base is the saved card it was made on
          draft={{ cardId: vcard.id, base: vcard.updated_at.toISOString() }}
          // a team card's photo is the team's: it stays with the card when its member leaves
          photoFor={{ card: vcard.id }}
          locked={template}
        />
      </div>
    </div>
  );
}

/**
 * /dashboard/team/card?id= (docs/decisions/021-teams.md): one team card, for its member and the team's admins
 * (vcards.get answers only them), edited as a personal card is.
 */
export function TeamCardEditor() {
  const { t } = useLingui();
  const [searchParams] = useSearchParams();
  const input = VcardIdSchema.safeParse({ id: searchParams.get(TEAM_CARD_PARAM) });
  const vcard = trpc.vcards.get.useQuery(input.data ?? { id: '' }, { enabled: input.success });
  // the caller's team is the card's (one team per person); its template says which fields are locked
  const template = trpc.teams.template.useQuery(undefined, { enabled: input.success });
  return (
    <div className="space-y-6">
      <PageHeading
        title={t`Edit team card`}
        description={
          <Trans>
            The card belongs to the team: its address and printed QR code stay the same, whoever it is for.
          </Trans>
        }
      />
      <BackToTeam />
      {!input.success ? (
        <Notice title={<Trans>This card link is incomplete</Trans>}>
          <p>
            <Trans>Open the card from the team page.</Trans>
          </p>
        </Notice>
      ) : vcard.data && template.data ? (
        // another card's link opens a form of its own
        <TeamCardForm key={vcard.data.id} vcard={vcard.data} template={template.data} />
      ) : (
        <QueryStatus
          error={vcard.error ?? template.error}
          onRetry={() => void (vcard.error ? vcard.refetch() : template.refetch())}
        />
      )}
    </div>
  );
}
