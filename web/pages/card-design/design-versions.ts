import { msg } from '@lingui/core/macro';
import { storedDesign, type CardDesignColours, type CardDesignValues } from '#src/schemas/card-design.ts';
import type { Versioned } from '../../components/conflict/edit-conflict.ts';
import type { ConflictField } from '../../components/conflict/field-diff.ts';
import type { VersionedValues } from '../../components/conflict/use-edit-versions.tsx';
import type { VcardRow } from '../vcards/types.ts';
import { BUTTON_STYLE_NAMES, COVER_NAMES, FONT_NAMES, LAYOUT_NAMES } from './design-names.ts';

/** The design page's values: one vCard's colours and design, and the version of the vCard they are from. */
export interface DesignFormValues extends VersionedValues {
  colours: CardDesignColours;
  design: CardDesignValues;
}

/** Every choice of the design page, named as the page names it, for the comparison of two versions. */
export const DESIGN_CONFLICT_FIELDS: readonly ConflictField[] = [
  { path: 'design.layout', label: msg`Layout`, kind: { names: LAYOUT_NAMES } },
  { path: 'design.font', label: msg`Font`, kind: { names: FONT_NAMES } },
  { path: 'design.buttonStyle', label: msg`Button style`, kind: { names: BUTTON_STYLE_NAMES } },
  { path: 'design.cover', label: msg`Cover`, kind: { names: COVER_NAMES } },
  { path: 'design.accentColour', label: msg`Gradient end colour`, kind: 'colour' },
  { path: 'design.coverImage', label: msg`Cover image`, kind: 'photo' },
  { path: 'design.logo', label: msg`Logo`, kind: 'photo' },
  { path: 'colours.backgroundColour', label: msg`Background colour`, kind: 'colour' },
  { path: 'colours.fontColour', label: msg`Font colour`, kind: 'colour' },
  { path: 'colours.iconColour', label: msg`Icon colour`, kind: 'colour' },
];

/** A stored vCard (as the list, or an edit_conflict refusal, has it) as a version of the design page. */
export function storedDesignForm(
  vcard: Pick<VcardRow, 'background_color' | 'font_color' | 'icon_color' | 'design' | 'version'>,
): Versioned<DesignFormValues> {
  return {
    values: {
      colours: {
        backgroundColour: vcard.background_color,
        fontColour: vcard.font_color,
        iconColour: vcard.icon_color,
      },
      design: storedDesign(vcard.design),
      baseVersion: vcard.version,
    },
    version: vcard.version,
  };
}
