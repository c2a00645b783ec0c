import { useId } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { planPickerPath } from '#src/routes.ts';
import { ProfileLinkFormSchema, type ProfileLinkFormValues } from '#src/schemas/link.ts';
import type { PlanUsage } from '../../components/dashboard/plan-usage.ts';
import { PlanUsageBar } from '../../components/dashboard/PlanUsageBar.tsx';
import { showSaveFailure } from '../../components/form/form-save-failure.ts';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import { LinkFields } from './LinkFields.tsx';
import { linkAddFailure, linkLimitText } from './link-save-failure.ts';
import { useLinksChanged } from './use-links-changed.ts';
import { useLeaveGuard } from '../../lib/use-leave-guard.ts';

const EMPTY_FORM: ProfileLinkFormValues = { title: '', url: '' };

function LinkUsageSummary({ usage }: { usage: PlanUsage }) {
  const { count, limit } = usage;
  return usage.unlimited ? (
    <Trans>Links used: {count} · Unlimited</Trans>
  ) : (
    <Trans>
      Links used: {count} of {limit}
    </Trans>
  );
}

/** 'Free users can create 5 links…' with the way to upgrade, when the plan's links are used up. */
function LinkLimitNotice({ id, limit }: { id: string; limit: number }) {
  const { i18n } = useLingui();
  return (
    <p id={id} className="text-sm text-slate-700">
      {i18n._(linkLimitText(limit))}{' '}
      <Link to={planPickerPath} className="font-semibold text-brand-strong underline underline-offset-2">
        <Trans>Upgrade plan</Trans>
      </Link>
    </p>
  );
}

/**
 * The links page's add form (spec section 5: 'Title and URL are required', then the URL rules), with the
 * plan usage above it; blocked once the plan's links are used up (spec section 8, limits).
 */
export function AddLinkForm({ usage }: { usage: PlanUsage }) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const noticeId = useId();
  const linksChanged = useLinksChanged();
  const { mutateAsync } = trpc.links.createProfileLink.useMutation();
  const form = useZodForm(ProfileLinkFormSchema, EMPTY_FORM);
  const { isSubmitting } = form.formState;
  useLeaveGuard(form.formState.isDirty);

  const onSubmit = form.submit(async () => {
    try {
      await mutateAsync(form.getValues());
    } catch (error) {
      showSaveFailure(form, linkAddFailure(error, usage.limit), i18n);
      // the list may have changed elsewhere (a full plan blocks the form once the count is fresh)
      await linksChanged();
      return;
    }
    toast({ title: t`Link added successfully` });
    form.reset(EMPTY_FORM);
    await linksChanged();
  });

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id={headingId} className="text-lg font-semibold text-ink">
          <Trans>Add a link</Trans>
        </h2>
        <div className="sm:w-64">
          <PlanUsageBar
            usage={usage}
            summary={<LinkUsageSummary usage={usage} />}
            meterLabel={t`Links used`}
          />
        </div>
      </div>
      <form noValidate onSubmit={onSubmit} aria-describedby={usage.full ? noticeId : undefined}>
        <fieldset disabled={usage.full} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <LinkFields form={form} />
          </div>
          <div className="flex flex-col sm:flex-row sm:justify-end">
            <SubmitButton busy={isSubmitting} busyLabel={<Trans>Adding...</Trans>} block={false}>
              <Trans>Add link</Trans>
            </SubmitButton>
          </div>
        </fieldset>
      </form>
      {usage.full && <LinkLimitNotice id={noticeId} limit={usage.limit} />}
    </section>
  );
}
