import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Lock } from 'lucide-react';
import { postalAddressLines, type PostalAddress } from '#src/postal-address.ts';
import type { TemplateColours } from '#src/team-template.ts';
import { FieldShell } from '../form/FieldShell.tsx';
import { Input, Textarea } from '../ui/Input.tsx';

// A field of a team card that the team's card template locks (src/team-template.ts): shown with the
// template's value, read-only, saying who sets it and who can change it. The server refuses a change of it
// anyway (field_locked).

/** Why the field cannot be changed here, under it. */
function LockedHint() {
  return (
    <span className="inline-flex items-start gap-1.5">
      <Lock aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-600" />
      <span>
        <Trans>
          Set by your team: its card template gives every team card this value. The team's owner or admins can
          change it in the template.
        </Trans>
      </span>
    </span>
  );
}

/** A text field of the card (company, website) or its postal address, as the template sets it. */
export function LockedTextField({ label, value }: { label: ReactNode; value: string | null }) {
  const { t } = useLingui();
  return (
    <FieldShell label={label} hint={<LockedHint />}>
      {(control) => (
        <Input
          {...control}
          readOnly
          value={value ?? ''}
          placeholder={t`None`}
          className="bg-slate-100 text-slate-800"
        />
      )}
    </FieldShell>
  );
}

/** The postal address as the template sets it: its lines, as a letter has them, in one read-only field. */
export function LockedAddressField({ label, address }: { label: ReactNode; address: PostalAddress | null }) {
  const { t } = useLingui();
  const lines = postalAddressLines(address);
  return (
    <FieldShell label={label} hint={<LockedHint />}>
      {(control) => (
        <Textarea
          {...control}
          readOnly
          rows={Math.max(lines.length, 1)}
          value={lines.join('\n')}
          placeholder={t`None`}
          className="min-h-0 resize-none bg-slate-100 text-slate-800"
        />
      )}
    </FieldShell>
  );
}

/** The card's three colours as the template sets them. */
export function LockedColours({ colours }: { colours: TemplateColours }) {
  const swatches = [
    { key: 'background', label: <Trans>Background colour</Trans>, value: colours.backgroundColour },
    { key: 'font', label: <Trans>Font colour</Trans>, value: colours.fontColour },
    { key: 'icon', label: <Trans>Icon colour</Trans>, value: colours.iconColour },
  ];
  return (
    <div className="space-y-2">
      <dl className="grid gap-3 sm:grid-cols-3">
        {swatches.map((swatch) => (
          <div key={swatch.key} className="space-y-1">
            <dt className="text-sm font-medium text-ink">{swatch.label}</dt>
            <dd className="inline-flex items-center gap-2 text-sm text-slate-800">
              <span
                aria-hidden
                className="size-6 rounded border border-slate-300"
                style={{ backgroundColor: swatch.value }}
              />
              <span className="font-mono">{swatch.value}</span>
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-600">
        <LockedHint />
      </p>
    </div>
  );
}
