import { Trans, useLingui } from '@lingui/react/macro';
import type { FieldPath } from 'react-hook-form';
import { VALIDATION_MESSAGES } from '#src/messages.ts';
import { CreateTeamSchema, type CreateTeamInput } from '#src/schemas/team.ts';
import { suggestTeamSlug, TEAM_NAME_MAX_LENGTH } from '#src/teams.ts';
import { USERNAME_MAX_LENGTH } from '#src/username.ts';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { authClient } from '../../lib/auth-client.ts';
import { AuthCallError } from '../../lib/auth-error.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import { teamFailureMessage } from './team-failure.ts';
import { organizationCall } from './use-team-action.ts';

const TAKEN_CODES = new Set(['ORGANIZATION_ALREADY_EXISTS', 'ORGANIZATION_SLUG_ALREADY_TAKEN']);

/** Which field a refusal of the create call belongs to, with its validation id; null: a toast says it. */
function fieldOfRefusal(error: unknown): { field: FieldPath<CreateTeamInput>; message: string } | null {
  if (!(error instanceof AuthCallError)) return null;
  const { code, message = '' } = error.error;
  if (code && TAKEN_CODES.has(code)) return { field: 'slug', message: VALIDATION_MESSAGES.teamSlugTaken };
  if (code !== 'VALIDATION_FAILED') return null;
  if (message.startsWith('validation.team.slug')) return { field: 'slug', message };
  if (message.startsWith('validation.team.name')) return { field: 'name', message };
  return null;
}

/**
 * A Business account makes its team: a name, and its short name (slug), suggested from the name
 * until the person edits it. The person becomes the team's owner.
 */
export function CreateTeamForm() {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const form = useZodForm(CreateTeamSchema, { name: '', slug: '' });
  const { errors, isSubmitting } = form.formState;
  const name = form.watch('name');

  const onSubmit = form.submit(async (values) => {
    try {
      await organizationCall(authClient.organization.create(values));
    } catch (error) {
      const refusal = fieldOfRefusal(error);
      if (refusal) {
        form.setError(refusal.field, { message: refusal.message }, { shouldFocus: true });
        return;
      }
      toast({
        variant: 'destructive',
        title: t`The team was not created`,
        description: i18n._(teamFailureMessage(error)),
      });
      return;
    }
    toast({ title: t`Team created`, description: t`You are its owner. Invite your colleagues next.` });
    await utils.teams.mine.invalidate();
  });

  return (
    <SectionCard
      title={<Trans>Create your team</Trans>}
      description={
        <Trans>
          Your team's members get their cards from you: invite colleagues by email, and choose who helps you
          manage the team.
        </Trans>
      }
    >
      <form noValidate onSubmit={onSubmit} className="max-w-lg space-y-4">
        <TextField
          label={<Trans>Team name</Trans>}
          autoComplete="organization"
          required
          limit={{ max: TEAM_NAME_MAX_LENGTH, length: name.length }}
          error={errors.name?.message}
          {...form.register('name', {
            onChange: (event: { target: { value: string } }) => {
              // the suggestion follows the name until the person edits the short name (setValue leaves it clean)
              if (!form.getFieldState('slug').isDirty)
                form.setValue('slug', suggestTeamSlug(event.target.value));
            },
          })}
        />
        <TextField
          label={<Trans>Short name</Trans>}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={USERNAME_MAX_LENGTH}
          hint={
            <Trans>
              Lowercase letters, numbers and hyphens. It names your team's exported files, such as its
              analytics.
            </Trans>
          }
          error={errors.slug?.message}
          {...form.register('slug')}
        />
        <SubmitButton busy={isSubmitting} busyLabel={<Trans>Creating team...</Trans>} block={false}>
          <Trans>Create team</Trans>
        </SubmitButton>
      </form>
    </SectionCard>
  );
}
