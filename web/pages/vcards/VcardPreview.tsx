import { useWatch, type Control } from 'react-hook-form';
import { emptyPostalAddress } from '#src/postal-address.ts';
import type { QrDesign } from '#src/qr-design.ts';
import { LeadFormSettingsSchema } from '#src/schemas/lead.ts';
import { emptySocialLinks, type VcardFormValues, type VcardInput } from '#src/schemas/vcard.ts';
import { CardPreview } from '../../components/card/CardPreview.tsx';
import { PublicPagePreview } from '../../components/card/PublicPagePreview.tsx';
import { useAppliedColour } from '../../components/card/use-applied-colour.ts';

/**
 * The card as it will look, following the form as it is typed (colours once complete). A saved card is
 * drawn as its public page, by the server's renderer, with its design (layout, font, cover, logo) as its
 * plan shows it, the same preview as the design screen's; a card not created yet has no design, and the
 * plain card is drawn here.
 */
export function VcardPreview({
  control,
  vcardId,
  publicUrl,
  qrDesign,
}: {
  control: Control<VcardFormValues, unknown, VcardInput>;
  /** The saved card's id; none while it is being created. */
  vcardId: string | undefined;
  publicUrl: string | null;
  qrDesign: QrDesign | undefined;
}) {
  const values = useWatch({ control });
  const colours = {
    backgroundColour: useAppliedColour(values.backgroundColour ?? ''),
    fontColour: useAppliedColour(values.fontColour ?? ''),
    iconColour: useAppliedColour(values.iconColour ?? ''),
  };
  if (vcardId) {
    const card = {
      name: values.name ?? '',
      company: values.company ?? '',
      department: values.department ?? '',
      position: values.position ?? '',
      email: values.email ?? '',
      phone: values.phone ?? '',
      workPhone: values.workPhone ?? '',
      address: { ...emptyPostalAddress(), ...values.address },
      website: values.website ?? '',
      photo: values.photo ?? null,
      socialLinks: { ...emptySocialLinks(), ...values.socialLinks },
      otherLink: { label: values.otherLink?.label ?? '', url: values.otherLink?.url ?? '' },
      // the contact form as set so far; not valid yet (a form that asks for no way back): as saved
      leadForm: LeadFormSettingsSchema.safeParse(values.leadForm).data,
    };
    return <PublicPagePreview preview={{ vcardId, colours, card }} />;
  }
  return (
    <CardPreview
      fields={values}
      photo={values.photo ?? null}
      colour={colours.backgroundColour}
      fontColour={colours.fontColour}
      iconColour={colours.iconColour}
      url={publicUrl}
      qrDesign={qrDesign}
    />
  );
}
