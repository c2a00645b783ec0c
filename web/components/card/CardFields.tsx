/**
 * The contact fields of a card (spec section 5, "vCard form"): name, position, company, email, phone,
 * website, and the six social links in a collapsible 'Social links' section. The photo and the colours
 * are not part of it (PhotoInput and ColourPicker sit beside it).
 *
 * Use it inside any react-hook-form form whose values include `CardFieldsValues` (the input shape of
 * CardFieldsSchema, src/schemas/vcard.ts), such as a form of useZodForm(CreateCardSchema, …) or
 * useZodForm(VcardFormSchema, emptyVcardForm()):
 *
 *   const form = useZodForm(VcardFormSchema, emptyVcardForm());
 *   <form noValidate onSubmit={form.submit(save)}>
 *     <CardFields control={form.control} />
 *   </form>
 *
 * Each field shows its error from the form state (a validation id, translated). For a live preview, read
 * the values with useWatch({ control: form.control }) and hand them to CardPreview.
 */
import { useState, type ReactNode } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown, type LucideIcon } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { useFormState, useWatch, type Control, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { SOCIAL_PLATFORMS, type CardFieldsSchema } from '#src/schemas/vcard.ts';
import { TextField } from '../form/TextField.tsx';
import { SOCIAL_PLATFORM_INFO } from './social-platforms.ts';

/** The values CardFields edits: the card fields of the shared schema, without the photo. */
export type CardFieldsValues = Omit<z.input<typeof CardFieldsSchema>, 'photo'>;

type SocialLinks = CardFieldsValues['socialLinks'];

function filledCount(links: SocialLinks | undefined): number {
  return SOCIAL_PLATFORMS.filter((platform) => (links?.[platform] ?? '').trim() !== '').length;
}

function PlatformLabel({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <Icon aria-hidden className="size-4 text-slate-600" />
      {children}
    </span>
  );
}

/** The six social links, folded away until wanted (open when one has an error, so it can be seen). */
function SocialLinkFields({ control }: { control: Control<CardFieldsValues> }) {
  const links = useWatch({ control, name: 'socialLinks' });
  const { errors } = useFormState({ control, name: 'socialLinks' });
  const count = filledCount(links);
  // a card that already has links (editing) starts unfolded
  const [open, setOpen] = useState(count > 0);
  const isOpen = open || Boolean(errors.socialLinks);

  return (
    <Collapsible.Root open={isOpen} onOpenChange={setOpen} className="rounded-xl border border-slate-200">
      <Collapsible.Trigger className="group flex min-h-12 w-full items-center justify-between gap-3 rounded-xl px-4 text-left text-sm font-semibold text-ink hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-strong">
        <span>
          <Trans>Social links</Trans>{' '}
          {count > 0 && (
            <span className="ml-1 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-medium text-brand-strong">
              <Plural value={count} one="# added" other="# added" />
            </span>
          )}
        </span>
        <ChevronDown
          aria-hidden
          className="size-4 shrink-0 transition-transform group-data-[state=open]:rotate-180"
        />
      </Collapsible.Trigger>
      <Collapsible.Content className="space-y-4 border-t border-slate-200 px-4 pt-4 pb-5">
        <p className="text-sm text-slate-600">
          <Trans>Add the profiles you want on your card; leave the others blank.</Trans>
        </p>
        {SOCIAL_PLATFORMS.map((platform) => {
          const info = SOCIAL_PLATFORM_INFO[platform];
          return (
            <TextField
              key={platform}
              label={<PlatformLabel icon={info.icon}>{info.label}</PlatformLabel>}
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder={info.placeholder}
              error={errors.socialLinks?.[platform]?.message}
              {...control.register(`socialLinks.${platform}`)}
            />
          );
        })}
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

export function CardFields<Values extends CardFieldsValues, Output extends FieldValues>({
  control: formControl,
}: {
  control: Control<Values, unknown, Output>;
}) {
  const { t } = useLingui();
  // react-hook-form cannot name the paths of a generic form; the constraint on Values guarantees these exist
  const control = formControl as unknown as Control<CardFieldsValues>;
  const { errors } = useFormState({ control });

  return (
    <div className="space-y-4 @container">
      <TextField
        label={<Trans>Name</Trans>}
        autoComplete="name"
        required
        error={errors.name?.message}
        {...control.register('name')}
      />
      <div className="grid gap-4 @md:grid-cols-2">
        <TextField
          label={<Trans>Position</Trans>}
          autoComplete="organization-title"
          placeholder={t`e.g. Product Designer`}
          error={errors.position?.message}
          {...control.register('position')}
        />
        <TextField
          label={<Trans>Company</Trans>}
          autoComplete="organization"
          error={errors.company?.message}
          {...control.register('company')}
        />
        <TextField
          label={<Trans>Email</Trans>}
          type="email"
          inputMode="email"
          autoComplete="email"
          error={errors.email?.message}
          {...control.register('email')}
        />
        <TextField
          label={<Trans>Phone</Trans>}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...control.register('phone')}
        />
      </div>
      <TextField
        label={<Trans>Website</Trans>}
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://"
        error={errors.website?.message}
        {...control.register('website')}
      />
      <SocialLinkFields control={control} />
    </div>
  );
}
