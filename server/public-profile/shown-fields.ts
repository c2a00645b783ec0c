import { isSocialPlatform, OTHER_PLATFORM, SOCIAL_PLATFORM_NAMES } from '../../src/social-profiles.ts';
import { isHttpUrl } from '../../src/url.ts';
import type { PublicCard } from './service.ts';

// How a card's fields read wherever a person sees them: its page and its wallet pass say them alike.

/** "Position, Department", with whichever of the two the card has (empty: neither). */
export function positionWithDepartment(card: Pick<PublicCard, 'position' | 'department'>): string {
  return [card.position?.trim(), card.department?.trim()].filter(Boolean).join(', ');
}

export interface ShownSocialLink {
  /** The platform as stored, lower-cased: its icon's name where it has one. */
  platform: string;
  /** What it is called: the platform's brand name, or the person's own label of their 'other' link. */
  name: string;
  url: string;
}

/** The card's social profiles a visitor can open (http(s) addresses), in the card's order. */
export function shownSocialLinks(card: Pick<PublicCard, 'socialLinks'>): ShownSocialLink[] {
  return card.socialLinks.flatMap((link) => {
    if (typeof link?.url !== 'string' || !isHttpUrl(link.url) || typeof link.platform !== 'string') return [];
    const platform = link.platform.toLowerCase();
    const name = isSocialPlatform(platform)
      ? SOCIAL_PLATFORM_NAMES[platform]
      : platform === OTHER_PLATFORM && link.label
        ? link.label
        : link.platform;
    return [{ platform, name, url: link.url }];
  });
}
