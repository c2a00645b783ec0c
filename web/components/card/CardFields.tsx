/**
 * The contact fields of a card (spec section 5, "vCard form"): name, given and family name, position,
 * company, department, email, phone (the mobile number) and work phone, a postal address, website, and the
 * social profiles with one link of the person's own naming in a
 * collapsible 'Social links' section. Every text field shows its limit (a counter and maxlength, the
 * numbers of src/schemas/vcard.ts). The photo and the colours are not part of it (PhotoInput and
 * ColourPicker sit beside it).
 *
 * Given and family name follow the name as it is typed, by the suggestion of src/name-parts.ts, until the
 * person changes one of them; from then on they are left alone (and can be suggested again).
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
 *
 * On a team card, `locked` names the fields its team's template locks (src/team-template.ts
 * lockedFormFields): each is shown read-only with the template's value, and the form keeps the card's own.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown, Link as LinkIcon, type LucideIcon } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import {
  useController,
  useFormState,
  useWatch,
  type Control,
  type FieldPathByValue,
  type FieldValues,
} from 'react-hook-form';
import type { z } from 'zod';
import { suggestNameParts } from '#src/name-parts.ts';
import { CARD_FIELD_MAX_LENGTHS, type CardFieldsSchema } from '#src/schemas/vcard.ts';
import { SOCIAL_PLATFORMS } from '#src/social-profiles.ts';
import type { LockedFormFields } from '#src/team-template.ts';
import { TextField, type TextFieldProps } from '../form/TextField.tsx';
import { Button } from '../ui/Button.tsx';
import { useLocale } from '../../lib/use-locale.ts';
import { LockedAddressField, LockedTextField } from './LockedField.tsx';
import { SOCIAL_PLATFORM_INFO } from './social-platforms.ts';

/** The values CardFields edits: the card fields of the shared schema, without the photo. */
export type CardFieldsValues = Omit<z.input<typeof CardFieldsSchema>, 'photo'>;

type SocialLinks = CardFieldsValues['socialLinks'];
// the fields a client from before them may leave out are optional in the schema's input
type TextPath = FieldPathByValue<CardFieldsValues, string | undefined>;

function filledCount(links: SocialLinks | undefined, other: CardFieldsValues['otherLink'] | undefined) {
  const platforms = SOCIAL_PLATFORMS.filter((platform) => (links?.[platform] ?? '').trim() !== '').length;
  return platforms + ((other?.url ?? '').trim() !== '' ? 1 : 0);
}

/** A text field of the card, registered in the form, with its length counter. */
function CardTextField({
  control,
  name,
  max,
  ...props
}: Omit<TextFieldProps, 'name' | 'limit'> & {
  control: Control<CardFieldsValues>;
  name: TextPath;
  max: number;
}) {
  const value = useWatch({ control, name });
  return <TextField {...props} limit={{ max, length: (value ?? '').length }} {...control.register(name)} />;
}

function PlatformLabel({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <Icon aria-hidden className="size-4 text-slate-600" />
      {children}
    </span>
  );
}

/** The social profiles and the labelled link, folded away until wanted (open when one has an error). */
function SocialLinkFields({ control }: { control: Control<CardFieldsValues> }) {
  const { t } = useLingui();
  const [links, other] = useWatch({ control, name: ['socialLinks', 'otherLink'] });
  const { errors } = useFormState({ control, name: ['socialLinks', 'otherLink'] });
  const count = filledCount(links, other);
  // a card that already has links (editing) starts unfolded
  const [open, setOpen] = useState(count > 0);
  const isOpen = open || Boolean(errors.socialLinks) || Boolean(errors.otherLink);

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
            <CardTextField
              key={platform}
              control={control}
              name={`socialLinks.${platform}`}
              max={CARD_FIELD_MAX_LENGTHS.url}
              label={<PlatformLabel icon={info.icon}>{info.label}</PlatformLabel>}
              type={info.inputMode === 'url' ? 'url' : 'text'}
              inputMode={info.inputMode}
              autoComplete={info.inputMode === 'tel' ? 'tel' : info.inputMode === 'url' ? 'url' : 'off'}
              autoCapitalize="none"
              spellCheck={false}
              placeholder={info.placeholder}
              hint={
                platform === 'whatsapp' ? (
                  <Trans>Your number with its country code, or a wa.me link.</Trans>
                ) : platform === 'mastodon' ? (
                  <Trans>Your address (@name@server) or your profile's link.</Trans>
                ) : undefined
              }
              error={errors.socialLinks?.[platform]?.message}
            />
          );
        })}
        <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-ink">
            <PlatformLabel icon={LinkIcon}>
              <Trans>Another link</Trans>
            </PlatformLabel>
          </legend>
          <CardTextField
            control={control}
            name="otherLink.label"
            max={CARD_FIELD_MAX_LENGTHS.label}
            label={<Trans>Label</Trans>}
            placeholder={t`e.g. Portfolio`}
            error={errors.otherLink?.label?.message}
          />
          <CardTextField
            control={control}
            name="otherLink.url"
            max={CARD_FIELD_MAX_LENGTHS.url}
            label={<Trans>Web address</Trans>}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://"
            error={errors.otherLink?.url?.message}
          />
        </fieldset>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

/**
 * Given and family name, suggested from the name: they follow it while they still hold the suggestion
 * (or nothing), and stay as the person set them otherwise.
 */
function NamePartFields({ control }: { control: Control<CardFieldsValues> }) {
  const locale = useLocale();
  const { errors } = useFormState({ control, name: ['givenName', 'familyName'] });
  const name = useWatch({ control, name: 'name' });
  const { field: givenField } = useController({ control, name: 'givenName' });
  const { field: familyField } = useController({ control, name: 'familyName' });
  const given = { ...givenField, value: givenField.value ?? '' };
  const family = { ...familyField, value: familyField.value ?? '' };
  const suggestion = suggestNameParts(name, locale);
  const previousName = useRef(name);

  useEffect(() => {
    const before = suggestNameParts(previousName.current, locale);
    previousName.current = name;
    const blank = given.value.trim() === '' && family.value.trim() === '';
    const following = blank || (given.value === before.given && family.value === before.family);
    if (!following) return;
    const next = suggestNameParts(name, locale);
    if (given.value !== next.given) given.onChange(next.given);
    if (family.value !== next.family) family.onChange(next.family);
    // runs when the name changes; the parts' own edits must not trigger it
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [name, locale]);

  const differs = suggestion.given !== given.value || suggestion.family !== family.value;
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm text-slate-600">
        <Trans>
          Phones file your card under the family name. Both are suggested from your name: correct them if they
          are not right.
        </Trans>
      </legend>
      <div className="grid gap-4 @md:grid-cols-2">
        <TextField
          label={<Trans>Given name</Trans>}
          autoComplete="given-name"
          limit={{ max: CARD_FIELD_MAX_LENGTHS.givenName, length: given.value.length }}
          error={errors.givenName?.message}
          {...given}
        />
        <TextField
          label={<Trans>Family name</Trans>}
          autoComplete="family-name"
          limit={{ max: CARD_FIELD_MAX_LENGTHS.familyName, length: family.value.length }}
          error={errors.familyName?.message}
          {...family}
        />
      </div>
      {differs && name.trim() !== '' && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            given.onChange(suggestion.given);
            family.onChange(suggestion.family);
          }}
        >
          <Trans>Suggest from the name</Trans>
        </Button>
      )}
    </fieldset>
  );
}

/** The postal address: five optional parts, in the order a letter is addressed (the team template has it too). */
export function PostalAddressFields({ control }: { control: Control<CardFieldsValues> }) {
  const { errors } = useFormState({ control, name: 'address' });
  const error = errors.address;
  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-semibold text-ink">
        <Trans>Postal address</Trans>
      </legend>
      <CardTextField
        control={control}
        name="address.street"
        max={CARD_FIELD_MAX_LENGTHS.street}
        label={<Trans>Street</Trans>}
        autoComplete="street-address"
        error={error?.street?.message}
      />
      <div className="grid gap-4 @md:grid-cols-2">
        <CardTextField
          control={control}
          name="address.postalCode"
          max={CARD_FIELD_MAX_LENGTHS.postalCode}
          label={<Trans>Postal code</Trans>}
          autoComplete="postal-code"
          error={error?.postalCode?.message}
        />
        <CardTextField
          control={control}
          name="address.city"
          max={CARD_FIELD_MAX_LENGTHS.city}
          label={<Trans>City</Trans>}
          autoComplete="address-level2"
          error={error?.city?.message}
        />
        <CardTextField
          control={control}
          name="address.region"
          max={CARD_FIELD_MAX_LENGTHS.region}
          label={<Trans>State or region</Trans>}
          autoComplete="address-level1"
          error={error?.region?.message}
        />
        <CardTextField
          control={control}
          name="address.country"
          max={CARD_FIELD_MAX_LENGTHS.country}
          label={<Trans>Country</Trans>}
          autoComplete="country-name"
          error={error?.country?.message}
        />
      </div>
    </fieldset>
  );
}

export function CardFields<Values extends CardFieldsValues, Output extends FieldValues>({
  control: formControl,
  locked = {},
}: {
  control: Control<Values, unknown, Output>;
  locked?: LockedFormFields;
}) {
  const { t } = useLingui();
  // react-hook-form cannot name the paths of a generic form; the constraint on Values guarantees these exist
  const control = formControl as unknown as Control<CardFieldsValues>;
  const { errors } = useFormState({ control });

  return (
    <div className="space-y-4 @container">
      <CardTextField
        control={control}
        name="name"
        max={CARD_FIELD_MAX_LENGTHS.name}
        label={<Trans>Name</Trans>}
        autoComplete="name"
        required
        error={errors.name?.message}
      />
      <NamePartFields control={control} />
      <div className="grid gap-4 @md:grid-cols-2">
        <CardTextField
          control={control}
          name="position"
          max={CARD_FIELD_MAX_LENGTHS.position}
          label={<Trans>Position</Trans>}
          autoComplete="organization-title"
          placeholder={t`e.g. Product Designer`}
          error={errors.position?.message}
        />
        {'company' in locked ? (
          <LockedTextField label={<Trans>Company</Trans>} value={locked.company ?? null} />
        ) : (
          <CardTextField
            control={control}
            name="company"
            max={CARD_FIELD_MAX_LENGTHS.company}
            label={<Trans>Company</Trans>}
            autoComplete="organization"
            error={errors.company?.message}
          />
        )}
        <CardTextField
          control={control}
          name="department"
          max={CARD_FIELD_MAX_LENGTHS.department}
          label={<Trans>Department</Trans>}
          autoComplete="off"
          error={errors.department?.message}
        />
        <CardTextField
          control={control}
          name="email"
          max={CARD_FIELD_MAX_LENGTHS.email}
          label={<Trans>Email</Trans>}
          type="email"
          inputMode="email"
          autoComplete="email"
          error={errors.email?.message}
        />
        <CardTextField
          control={control}
          name="phone"
          max={CARD_FIELD_MAX_LENGTHS.phone}
          label={<Trans>Phone</Trans>}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          hint={<Trans>Saved to contacts as the mobile number.</Trans>}
          error={errors.phone?.message}
        />
        <CardTextField
          control={control}
          name="workPhone"
          max={CARD_FIELD_MAX_LENGTHS.phone}
          label={<Trans>Work phone</Trans>}
          type="tel"
          inputMode="tel"
          autoComplete="work tel"
          error={errors.workPhone?.message}
        />
      </div>
      {'address' in locked ? (
        <LockedAddressField label={<Trans>Postal address</Trans>} address={locked.address ?? null} />
      ) : (
        <PostalAddressFields control={control} />
      )}
      {'website' in locked ? (
        <LockedTextField label={<Trans>Website</Trans>} value={locked.website ?? null} />
      ) : (
        <CardTextField
          control={control}
          name="website"
          max={CARD_FIELD_MAX_LENGTHS.url}
          label={<Trans>Website</Trans>}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://"
          error={errors.website?.message}
        />
      )}
      <SocialLinkFields control={control} />
    </div>
  );
}
