import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { NEUTRAL_PRESETS, THEME_PRESETS } from '#src/colour.ts';

export type ThemePresetId = (typeof THEME_PRESETS)[number]['id'] | (typeof NEUTRAL_PRESETS)[number]['id'];

/** Names of the colour presets of src/colour.ts: the theme colours (spec section 2, onboarding step 3), white and black. */
export const THEME_PRESET_NAMES: Record<ThemePresetId, MessageDescriptor> = {
  oceanBlue: msg`Ocean Blue`,
  purple: msg`Purple`,
  emerald: msg`Emerald`,
  rose: msg`Rose`,
  amber: msg`Amber`,
  indigo: msg`Indigo`,
  white: msg`White`,
  black: msg`Black`,
};
