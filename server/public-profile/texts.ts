import { LRUCache } from 'lru-cache';
import { localeFromAcceptLanguage, type Locale } from '../../src/i18n.ts';

// The public page's own words, in every language of the product (DECISIONS.md: public pages too). A
// Record<Locale, …>, so a missing language is a type error. Plain strings: the renderer escapes them.

export interface PageTexts {
  /** "Position at Company" under the name. */
  roleAt(position: string, company: string): string;
  /** Description for link previews of a card without position or company. */
  cardOf(name: string): string;
  photoOf(name: string): string;
  /** The design's logo beside the photo. */
  logoOf(name: string): string;
  contactActions: string;
  call: string;
  /** The two calls of a card with a mobile and a work phone. */
  callMobile: string;
  callWork: string;
  /** The postal address's section, and its link to a map. */
  address: string;
  openInMaps: string;
  email: string;
  website: string;
  saveContact: string;
  socialProfiles: string;
  links: string;
  qrCaption: string;
  madeWith: string;
  /** A team's directory of its cards, at the root of the team's custom domain. */
  teamDirectoryTitle(team: string): string;
  teamDirectoryEmpty: string;
  unavailableTitle: string;
  /** Unknown or offline profile (HTTP 404 / 403). */
  unavailableText: string;
  /** The profile could not be loaded (HTTP 503). */
  loadFailedText: string;
  /** A short link (/l/{code}) that does not exist (HTTP 404). */
  linkNotFoundTitle: string;
  linkNotFoundText: string;
  /** A short link that could not be looked up right now (HTTP 503). */
  linkLoadFailedTitle: string;
  linkLoadFailedText: string;
  /**
   * A short link its owner set to lead on only for a while, or a number of times, or turned off, that does
   * not now and has no fallback (HTTP 404 until it starts or is turned on again, 410 once it has ended).
   */
  linkInactiveTitle: string;
  linkInactiveText: string;
  /**
   * A card or short link paused by its owner's plan (HTTP 200, DECISIONS.md "Plans that end…") or by its
   * team. The words name no reason: a visitor is not told the owner's billing or the team's choice.
   */
  pausedTitle: string;
  pausedCardText: string;
  pausedLinkText: string;
  goHome: string;
}

export const PAGE_TEXTS: Record<Locale, PageTexts> = {
  en: {
    roleAt: (position, company) => `${position} at ${company}`,
    cardOf: (name) => `Digital business card of ${name}`,
    photoOf: (name) => `Photo of ${name}`,
    logoOf: (name) => `Logo of ${name}`,
    contactActions: 'Contact',
    call: 'Call',
    callMobile: 'Call mobile',
    callWork: 'Call work',
    address: 'Address',
    openInMaps: 'Open in maps',
    email: 'Email',
    website: 'Website',
    saveContact: 'Save contact',
    socialProfiles: 'Social profiles',
    links: 'Links',
    qrCaption: 'Scan to open this card',
    madeWith: 'Made with Tapcard',
    teamDirectoryTitle: (team) => `${team}: our cards`,
    teamDirectoryEmpty: 'No cards are published here yet.',
    unavailableTitle: 'Profile Temporarily Unavailable',
    unavailableText:
      'This profile is not available right now. If you know its owner, let them know, or try again later.',
    loadFailedText: 'We could not load this profile just now. Please try again in a moment.',
    linkNotFoundTitle: 'Link Not Found',
    linkNotFoundText:
      'This link does not exist or has been removed. Check the address, or ask whoever shared it for a new one.',
    linkLoadFailedTitle: 'Link Temporarily Unavailable',
    linkLoadFailedText: 'We could not open this link just now. Please try again in a moment.',
    linkInactiveTitle: 'Link Not Active',
    linkInactiveText:
      'This link is not active right now. If you know whoever shared it, let them know, or try again later.',
    pausedTitle: 'Paused',
    pausedCardText: 'This card is paused for now. If you know its owner, let them know, or try again later.',
    pausedLinkText: 'This link is paused for now. If you know its owner, let them know, or try again later.',
    goHome: 'Go to Tapcard',
  },
  es: {
    roleAt: (position, company) => `${position} en ${company}`,
    cardOf: (name) => `Tarjeta de visita digital de ${name}`,
    photoOf: (name) => `Foto de ${name}`,
    logoOf: (name) => `Logotipo de ${name}`,
    contactActions: 'Contacto',
    call: 'Llamar',
    callMobile: 'Llamar al móvil',
    callWork: 'Llamar al trabajo',
    address: 'Dirección',
    openInMaps: 'Abrir en el mapa',
    email: 'Correo',
    website: 'Sitio web',
    saveContact: 'Guardar contacto',
    socialProfiles: 'Redes sociales',
    links: 'Enlaces',
    qrCaption: 'Escanea para abrir esta tarjeta',
    madeWith: 'Hecho con Tapcard',
    teamDirectoryTitle: (team) => `${team}: nuestras tarjetas`,
    teamDirectoryEmpty: 'Todavía no hay tarjetas publicadas aquí.',
    unavailableTitle: 'Perfil temporalmente no disponible',
    unavailableText:
      'Este perfil no está disponible en este momento. Si conoces a su propietario, avísale, o vuelve a intentarlo más tarde.',
    loadFailedText: 'No hemos podido cargar este perfil ahora mismo. Vuelve a intentarlo en un momento.',
    linkNotFoundTitle: 'Enlace no encontrado',
    linkNotFoundText:
      'Este enlace no existe o se ha eliminado. Comprueba la dirección o pide uno nuevo a quien lo compartió.',
    linkLoadFailedTitle: 'Enlace temporalmente no disponible',
    linkLoadFailedText: 'No hemos podido abrir este enlace ahora mismo. Vuelve a intentarlo en un momento.',
    linkInactiveTitle: 'Enlace no activo',
    linkInactiveText:
      'Este enlace no está activo en este momento. Si conoces a quien lo compartió, avísale, o vuelve a intentarlo más tarde.',
    pausedTitle: 'En pausa',
    pausedCardText:
      'Esta tarjeta está en pausa por ahora. Si conoces a su propietario, avísale, o vuelve a intentarlo más tarde.',
    pausedLinkText:
      'Este enlace está en pausa por ahora. Si conoces a su propietario, avísale, o vuelve a intentarlo más tarde.',
    goHome: 'Ir a Tapcard',
  },
};

// Browsers send few distinct Accept-Language values: each is read once (per owner's language).
const chosenLocales = new LRUCache<string, Locale>({ max: 1_000 });

/**
 * The visitor's language when Accept-Language names one of ours, else the owner's profile language.
 * localeFromAcceptLanguage answers its default when nothing matches, so the owner's language is offered
 * as the visitor's weakest choice: it wins only when nothing they asked for is available.
 */
export function pageLocale(acceptLanguage: string | undefined, ownerLanguage: Locale): Locale {
  const key = `${ownerLanguage} ${acceptLanguage ?? ''}`;
  let locale = chosenLocales.get(key);
  if (!locale) {
    locale = localeFromAcceptLanguage(
      acceptLanguage ? `${acceptLanguage},${ownerLanguage};q=0.001` : ownerLanguage,
    );
    chosenLocales.set(key, locale);
  }
  return locale;
}
