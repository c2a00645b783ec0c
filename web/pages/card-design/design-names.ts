import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ButtonStyle, CardFont, CardLayout, CoverKind } from '#src/schemas/card-design.ts';

// The names the design screen gives each choice of src/schemas/card-design.ts.

export const LAYOUT_NAMES: Record<CardLayout, MessageDescriptor> = {
  centred: msg`Centred`,
  left: msg`Left-aligned with a cover`,
  compact: msg`Compact`,
  dark: msg`Dark`,
};

export const FONT_NAMES: Record<CardFont, MessageDescriptor> = {
  system: msg`The device's own font`,
  inter: msg`Inter (modern sans-serif)`,
  montserrat: msg`Montserrat (geometric sans-serif)`,
  lora: msg`Lora (serif)`,
  jetbrainsMono: msg`JetBrains Mono (monospace)`,
};

export const BUTTON_STYLE_NAMES: Record<ButtonStyle, MessageDescriptor> = {
  filled: msg`Filled`,
  outline: msg`Outline`,
  rounded: msg`Rounded`,
  square: msg`Square`,
};

export const COVER_NAMES: Record<CoverKind, MessageDescriptor> = {
  none: msg`No cover`,
  gradient: msg`Gradient`,
  image: msg`Image`,
};
