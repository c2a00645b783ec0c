import type { LucideIcon } from 'lucide-react';
import { AtSign, Camera, CirclePlay, Music2, ThumbsUp, Users } from 'lucide-react';
import type { SocialPlatform } from '#src/schemas/vcard.ts';

// Brand names are the same in every language, so they are not translated. lucide has no brand logos (it
// dropped them), so each platform gets a neutral icon and always its name beside it or as its label.

export const SOCIAL_PLATFORM_INFO: Record<
  SocialPlatform,
  { label: string; icon: LucideIcon; placeholder: string }
> = {
  facebook: { label: 'Facebook', icon: ThumbsUp, placeholder: 'https://facebook.com/…' },
  instagram: { label: 'Instagram', icon: Camera, placeholder: 'https://instagram.com/…' },
  linkedin: { label: 'LinkedIn', icon: Users, placeholder: 'https://linkedin.com/in/…' },
  tiktok: { label: 'TikTok', icon: Music2, placeholder: 'https://tiktok.com/@…' },
  twitter: { label: 'X (Twitter)', icon: AtSign, placeholder: 'https://x.com/…' },
  youtube: { label: 'YouTube', icon: CirclePlay, placeholder: 'https://youtube.com/@…' },
};
