import { z } from 'zod';
import { LOCALES } from '../i18n.ts';

/** Spec section 4 (language): choosing a language saves it to the profile. */
export const SetLanguageSchema = z.object({ language: z.enum(LOCALES) });
export type SetLanguageInput = z.infer<typeof SetLanguageSchema>;
