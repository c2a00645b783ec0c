import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { THEME_PRESETS } from '#src/colour.ts';

export type ThemePresetId = (typeof THEME_PRESETS)[number]['id'];

/** Names of the theme colour presets of src/colour.ts (spec section 2, onboarding step 3). */
export const THEME_PRESET_NAMES: Record<ThemePresetId, MessageDescriptor> = {
  oceanBlue: msg`Ocean Blue`,
  purple: msg`Purple`,
  emerald: msg`Emerald`,
  rose: msg`Rose`,
  amber: msg`Amber`,
  indigo: msg`Indigo`,
};
