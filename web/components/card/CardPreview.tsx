/**
 * A card as its public page shows it (spec section 2, onboarding step 3): the theme colour behind the
 * text, the photo or the initials, name, 'position at company', an icon per way to get in touch, and a
 * QR code of the public address. Its colours go through the public page's own contrast rule
 * (src/card-colours.ts), so text that would be hard to read turns black or white here as it does there.
 *
 *   <CardPreview fields={useWatch({ control: form.control })} photo={photo} colour={colour} url={url} />
 *
 * `fields` takes form values as they are typed (blank strings) or saved rows (nulls). `colour` must be a
 * complete #RRGGBB: pass the last complete value of a colour field, not a half-typed one.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Globe, Link, Mail, Phone, type LucideIcon } from 'lucide-react';
import { cardColours } from '#src/card-colours.ts';
import type { QrDesign } from '#src/qr-design.ts';
import { DEFAULT_CARD_COLOURS } from '#src/schemas/vcard.ts';
import { SOCIAL_PLATFORMS, type SocialPlatform } from '#src/social-profiles.ts';
import { initialsOf } from './initials.ts';
import { QrCodeSvg } from './QrCodeSvg.tsx';
import { SOCIAL_PLATFORM_INFO } from './social-platforms.ts';
import { useJobLine } from './use-job-line.ts';
import { UrlText } from '../UrlText.tsx';

type Text = string | null | undefined;

export interface CardPreviewFields {
  name?: Text;
  position?: Text;
  company?: Text;
  department?: Text;
  email?: Text;
  phone?: Text;
  workPhone?: Text;
  website?: Text;
  socialLinks?: Partial<Record<SocialPlatform, Text>> | undefined;
  otherLink?: { label?: Text; url?: Text } | undefined;
}

export interface CardPreviewProps {
  fields: CardPreviewFields;
  /** A /media/ path or null for the initials. */
  photo: string | null;
  /** Background: the theme colour. */
  colour: string;
  fontColour?: string;
  iconColour?: string;
  /** The public address the QR code encodes; without one (no username yet) no code is drawn. */
  url: string | null;
  /** The design of the card's QR code in effect (QR studio); the plain code by default. */
  qrDesign?: QrDesign;
}

function filled(value: Text): string {
  return value?.trim() ?? '';
}

function ContactIcons({ fields, iconColour }: { fields: CardPreviewFields; iconColour: string }) {
  const { t } = useLingui();
  const contacts: { key: string; label: string; icon: LucideIcon }[] = [
    ...(filled(fields.email) ? [{ key: 'email', label: t`Email`, icon: Mail }] : []),
    ...(filled(fields.phone) ? [{ key: 'phone', label: t`Phone`, icon: Phone }] : []),
    ...(filled(fields.workPhone) ? [{ key: 'workPhone', label: t`Work phone`, icon: Phone }] : []),
    ...(filled(fields.website) ? [{ key: 'website', label: t`Website`, icon: Globe }] : []),
    ...SOCIAL_PLATFORMS.filter((platform) => filled(fields.socialLinks?.[platform])).map((platform) => ({
      key: platform,
      ...SOCIAL_PLATFORM_INFO[platform],
    })),
    ...(filled(fields.otherLink?.label) && filled(fields.otherLink?.url)
      ? [{ key: 'other', label: filled(fields.otherLink?.label), icon: Link }]
      : []),
  ];
  if (contacts.length === 0) return null;
  return (
    <ul aria-label={t`Contact`} className="flex flex-wrap justify-center gap-2">
      {contacts.map(({ key, label, icon: Icon }) => (
        <li
          key={key}
          title={label}
          // the icon on the background colour itself, where its contrast was checked
          className="flex size-9 items-center justify-center rounded-full border border-current"
          style={{ color: iconColour }}
        >
          <Icon aria-hidden className="size-4" />
          <span className="sr-only">{label}</span>
        </li>
      ))}
    </ul>
  );
}

export function CardPreview({
  fields,
  photo,
  colour,
  fontColour = DEFAULT_CARD_COLOURS.fontColour,
  iconColour = DEFAULT_CARD_COLOURS.iconColour,
  url,
  qrDesign,
}: CardPreviewProps) {
  const { t } = useLingui();
  const name = filled(fields.name);
  const jobLine = useJobLine(fields.position, fields.company, fields.department);
  const shown = cardColours({ background: colour, font: fontColour, icon: iconColour });

  return (
    <figure className="overflow-hidden rounded-2xl border border-black/5 shadow-lg">
      <figcaption className="sr-only">
        <Trans>Preview of your card</Trans>
      </figcaption>
      <div
        style={{ backgroundColor: shown.background, color: shown.font }}
        className="flex flex-col items-center gap-3 px-5 pt-7 pb-6 text-center"
      >
        {photo ? (
          <img
            src={photo}
            alt=""
            className="size-24 rounded-full border-4 object-cover"
            style={{ borderColor: shown.font }}
          />
        ) : (
          <span
            aria-hidden
            className="flex size-24 items-center justify-center rounded-full text-3xl font-semibold"
            // as on the public page: the text colour as the circle, the background colour on it
            style={{ backgroundColor: shown.font, color: shown.background }}
          >
            {initialsOf(name) || '?'}
          </span>
        )}
        <div className="w-full min-w-0 space-y-1">
          <p className="text-xl font-bold break-words">{name || t`Your name`}</p>
          {jobLine && <p className="text-sm break-words">{jobLine}</p>}
        </div>
        <ContactIcons fields={fields} iconColour={shown.icon} />
      </div>
      {url && (
        <div className="flex flex-col items-center gap-2 bg-white px-5 py-4 text-center">
          <QrCodeSvg value={url} label={t`QR code of ${url}`} design={qrDesign} />
          <p className="w-full text-xs text-slate-600">
            <UrlText url={url} />
          </p>
        </div>
      )}
    </figure>
  );
}
