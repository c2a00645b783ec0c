import type { LucideIcon } from 'lucide-react';
import {
  AtSign,
  Camera,
  CirclePlay,
  CodeXml,
  Hash,
  MessageCircle,
  MessagesSquare,
  Music2,
  Send,
  ThumbsUp,
  Users,
} from 'lucide-react';
import { SOCIAL_PLATFORM_NAMES, type SocialPlatform } from '#src/social-profiles.ts';

// Brand names are the same in every language (src/social-profiles.ts), so they are not translated. lucide
// has no brand logos (it dropped them), so each platform gets a neutral icon and always its name beside it
// or as its label. WhatsApp and Mastodon take a number or an address as well as a link, which their
// placeholders show.

const PLATFORM_FIELDS: Record<
  SocialPlatform,
  { icon: LucideIcon; placeholder: string; inputMode: 'url' | 'text' | 'tel' }
> = {
  facebook: { icon: ThumbsUp, placeholder: 'https://facebook.com/…', inputMode: 'url' },
  instagram: { icon: Camera, placeholder: 'https://instagram.com/…', inputMode: 'url' },
  linkedin: { icon: Users, placeholder: 'https://linkedin.com/in/…', inputMode: 'url' },
  tiktok: { icon: Music2, placeholder: 'https://tiktok.com/@…', inputMode: 'url' },
  twitter: { icon: AtSign, placeholder: 'https://x.com/…', inputMode: 'url' },
  youtube: { icon: CirclePlay, placeholder: 'https://youtube.com/@…', inputMode: 'url' },
  github: { icon: CodeXml, placeholder: 'https://github.com/…', inputMode: 'url' },
  mastodon: { icon: MessagesSquare, placeholder: '@name@mastodon.social', inputMode: 'text' },
  threads: { icon: Hash, placeholder: 'https://threads.com/@…', inputMode: 'url' },
  telegram: { icon: Send, placeholder: 'https://t.me/…', inputMode: 'url' },
  whatsapp: { icon: MessageCircle, placeholder: '+34 600 123 456', inputMode: 'tel' },
};

export const SOCIAL_PLATFORM_INFO = Object.fromEntries(
  Object.entries(PLATFORM_FIELDS).map(([platform, field]) => [
    platform,
    { ...field, label: SOCIAL_PLATFORM_NAMES[platform as SocialPlatform] },
  ]),
) as Record<SocialPlatform, (typeof PLATFORM_FIELDS)[SocialPlatform] & { label: string }>;
