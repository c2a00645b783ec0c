import { LOCALES, localeFromAcceptLanguage, type Locale } from '../../src/i18n.ts';
import { rememberAnswers } from '../lib/cache.ts';

// The public page's own words, in every language of the product (docs/decisions/001-name-and-languages.md:
// public pages too). A Record<Locale, …>, so a missing language is a type error. Plain strings: the renderer
// escapes them.

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
   * A card or short link paused by its owner's plan (HTTP 200, docs/decisions/013-pause-never-delete.md) or
   * by its team. The words name no reason: a visitor is not told the owner's billing or the team's choice.
   */
  pausedTitle: string;
  pausedCardText: string;
  pausedLinkText: string;
  goHome: string;
  /** The card's link to its subscribe page (server/carddav), and that page's words. */
  keepUpToDate: string;
  /** The card's wallet passes (server/wallet/). */
  addToAppleWallet: string;
  saveToGoogleWallet: string;
  subscribeTitle(name: string): string;
  subscribeIntro(name: string): string;
  subscribeApple: string;
  subscribeAppleButton: string;
  subscribeAppleSteps: string;
  subscribeThunderbird: string;
  subscribeThunderbirdSteps: string;
  subscribeAndroid: string;
  subscribeAndroidSteps: string;
  subscribeOther: string;
  subscribeOtherSteps: string;
  subscribeAddress: string;
  subscribeServer: string;
  subscribeUserName: string;
  subscribePassword: string;
  subscribeAnyPassword: string;
  backToCard: string;
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
    keepUpToDate: 'Keep this contact up to date',
    addToAppleWallet: 'Add to Apple Wallet',
    saveToGoogleWallet: 'Save to Google Wallet',
    subscribeTitle: (name) => `Keep ${name} up to date`,
    subscribeIntro: (name) =>
      `Subscribe in your contacts app, and it shows ${name}'s new number, e-mail or job as soon as they change it. It only reads this card: nothing of yours is shared.`,
    subscribeApple: 'iPhone, iPad and Mac',
    subscribeAppleButton: 'Add to Contacts',
    subscribeAppleSteps:
      'Then open Settings, tap Profile Downloaded, and Install. On a Mac, open System Settings › Privacy & Security › Profiles.',
    subscribeThunderbird: 'Thunderbird',
    subscribeThunderbirdSteps:
      'In the Address Book, choose New Address Book › Add CardDAV Address Book, and enter:',
    subscribeAndroid: 'Android',
    subscribeAndroidSteps: 'In the DAVx⁵ app, add an account with Login with URL and user name, and enter:',
    subscribeOther: 'Other contacts apps',
    subscribeOtherSteps: 'Add a CardDAV account with:',
    subscribeAddress: 'Address',
    subscribeServer: 'Server',
    subscribeUserName: 'User name',
    subscribePassword: 'Password',
    subscribeAnyPassword: 'any word (it is not checked)',
    backToCard: 'Back to the card',
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
    keepUpToDate: 'Mantener este contacto al día',
    addToAppleWallet: 'Añadir a Apple Wallet',
    saveToGoogleWallet: 'Guardar en Google Wallet',
    subscribeTitle: (name) => `Mantén a ${name} al día`,
    subscribeIntro: (name) =>
      `Suscríbete desde tu app de contactos y mostrará el nuevo número, correo o cargo de ${name} en cuanto lo cambie. Solo lee esta tarjeta: no se comparte nada tuyo.`,
    subscribeApple: 'iPhone, iPad y Mac',
    subscribeAppleButton: 'Añadir a Contactos',
    subscribeAppleSteps:
      'Después abre Ajustes, toca Perfil descargado e Instalar. En un Mac, abre Ajustes del Sistema › Privacidad y seguridad › Perfiles.',
    subscribeThunderbird: 'Thunderbird',
    subscribeThunderbirdSteps:
      'En la Libreta de direcciones, elige Nueva libreta de direcciones › Añadir libreta de direcciones CardDAV, e introduce:',
    subscribeAndroid: 'Android',
    subscribeAndroidSteps:
      'En la app DAVx⁵, añade una cuenta con Iniciar sesión con URL y nombre de usuario, e introduce:',
    subscribeOther: 'Otras apps de contactos',
    subscribeOtherSteps: 'Añade una cuenta CardDAV con:',
    subscribeAddress: 'Dirección',
    subscribeServer: 'Servidor',
    subscribeUserName: 'Nombre de usuario',
    subscribePassword: 'Contraseña',
    subscribeAnyPassword: 'cualquier palabra (no se comprueba)',
    backToCard: 'Volver a la tarjeta',
  },
};

// Browsers send few distinct Accept-Language values: each is read once per owner's language, and looked up
// by the header itself (no key to build on every page request).
const chosenLocales = Object.fromEntries(
  LOCALES.map((ownerLanguage) => [
    ownerLanguage,
    rememberAnswers(
      (acceptLanguage) =>
        localeFromAcceptLanguage(
          acceptLanguage ? `${acceptLanguage},${ownerLanguage};q=0.001` : ownerLanguage,
        ),
      1_000,
    ),
  ]),
) as Record<Locale, (acceptLanguage: string) => Locale>;

/**
 * The visitor's language when Accept-Language names one of ours, else the owner's profile language.
 * localeFromAcceptLanguage answers its default when nothing matches, so the owner's language is offered
 * as the visitor's weakest choice: it wins only when nothing they asked for is available.
 */
export function pageLocale(acceptLanguage: string | undefined, ownerLanguage: Locale): Locale {
  return chosenLocales[ownerLanguage](acceptLanguage ?? '');
}
