import { LOCALES, localeFromAcceptLanguage, type Locale } from '../../src/i18n.ts';
import { rememberAnswers } from '../lib/cache.ts';
import { translatorFor, type Translator } from '../lib/server-i18n.ts';

// The public page's own words, in every language of the product (docs/decisions/001-name-and-languages.md:
// public pages too), from the server's Lingui catalog (locales/{locale}/server.po, through
// server/lib/server-i18n.ts): `npm run i18n:check` fails on one untranslated. Plain strings: the renderer
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

/** The subscribe page's words (server/carddav/). */
type SubscribePageTexts = Pick<PageTexts, Extract<keyof PageTexts, `subscribe${string}`>>;

/** The card page's words, and those of the pages shown instead of a card or a short link. */
function cardPageTexts(text: Translator): Omit<PageTexts, keyof SubscribePageTexts> {
  return {
    roleAt: (position, company) =>
      text(
        /*i18n*/ {
          id: 'page.roleAt',
          message: '{position} at {company}',
          comment: "Under the card's name: the person's position and company",
        },
        { position, company },
      ),
    cardOf: (name) =>
      text(
        /*i18n*/ {
          id: 'page.cardOf',
          message: 'Digital business card of {name}',
          comment: 'Description in link previews of a card without position or company',
        },
        { name },
      ),
    photoOf: (name) => text(/*i18n*/ { id: 'page.photoOf', message: 'Photo of {name}' }, { name }),
    logoOf: (name) => text(/*i18n*/ { id: 'page.logoOf', message: 'Logo of {name}' }, { name }),
    contactActions: text(/*i18n*/ { id: 'page.contactActions', message: 'Contact' }),
    call: text(/*i18n*/ { id: 'page.call', message: 'Call' }),
    callMobile: text(/*i18n*/ { id: 'page.callMobile', message: 'Call mobile' }),
    callWork: text(/*i18n*/ { id: 'page.callWork', message: 'Call work' }),
    address: text(/*i18n*/ { id: 'page.address', message: 'Address', comment: "The card's postal address" }),
    openInMaps: text(/*i18n*/ { id: 'page.openInMaps', message: 'Open in maps' }),
    email: text(/*i18n*/ { id: 'page.email', message: 'Email' }),
    website: text(/*i18n*/ { id: 'page.website', message: 'Website' }),
    saveContact: text(/*i18n*/ { id: 'page.saveContact', message: 'Save contact' }),
    socialProfiles: text(/*i18n*/ { id: 'page.socialProfiles', message: 'Social profiles' }),
    links: text(/*i18n*/ { id: 'page.links', message: 'Links' }),
    qrCaption: text(/*i18n*/ { id: 'page.qrCaption', message: 'Scan to open this card' }),
    madeWith: text(/*i18n*/ { id: 'page.madeWith', message: 'Made with Tapcard' }),
    teamDirectoryTitle: (team) =>
      text(
        /*i18n*/ {
          id: 'page.teamDirectoryTitle',
          message: '{team}: our cards',
          comment: "A team's directory of its cards, at the root of the team's own domain",
        },
        { team },
      ),
    teamDirectoryEmpty: text(
      /*i18n*/ { id: 'page.teamDirectoryEmpty', message: 'No cards are published here yet.' },
    ),
    unavailableTitle: text(
      /*i18n*/ { id: 'page.unavailableTitle', message: 'Profile Temporarily Unavailable' },
    ),
    unavailableText: text(
      /*i18n*/ {
        id: 'page.unavailableText',
        message:
          'This profile is not available right now. If you know its owner, let them know, or try again later.',
      },
    ),
    loadFailedText: text(
      /*i18n*/ {
        id: 'page.loadFailedText',
        message: 'We could not load this profile just now. Please try again in a moment.',
      },
    ),
    linkNotFoundTitle: text(/*i18n*/ { id: 'page.linkNotFoundTitle', message: 'Link Not Found' }),
    linkNotFoundText: text(
      /*i18n*/ {
        id: 'page.linkNotFoundText',
        message:
          'This link does not exist or has been removed. Check the address, or ask whoever shared it for a new one.',
      },
    ),
    linkLoadFailedTitle: text(
      /*i18n*/ { id: 'page.linkLoadFailedTitle', message: 'Link Temporarily Unavailable' },
    ),
    linkLoadFailedText: text(
      /*i18n*/ {
        id: 'page.linkLoadFailedText',
        message: 'We could not open this link just now. Please try again in a moment.',
      },
    ),
    linkInactiveTitle: text(/*i18n*/ { id: 'page.linkInactiveTitle', message: 'Link Not Active' }),
    linkInactiveText: text(
      /*i18n*/ {
        id: 'page.linkInactiveText',
        message:
          'This link is not active right now. If you know whoever shared it, let them know, or try again later.',
      },
    ),
    pausedTitle: text(/*i18n*/ { id: 'page.pausedTitle', message: 'Paused' }),
    pausedCardText: text(
      /*i18n*/ {
        id: 'page.pausedCardText',
        message: 'This card is paused for now. If you know its owner, let them know, or try again later.',
      },
    ),
    pausedLinkText: text(
      /*i18n*/ {
        id: 'page.pausedLinkText',
        message: 'This link is paused for now. If you know its owner, let them know, or try again later.',
      },
    ),
    goHome: text(/*i18n*/ { id: 'page.goHome', message: 'Go to Tapcard' }),
    keepUpToDate: text(/*i18n*/ { id: 'page.keepUpToDate', message: 'Keep this contact up to date' }),
    addToAppleWallet: text(/*i18n*/ { id: 'page.addToAppleWallet', message: 'Add to Apple Wallet' }),
    saveToGoogleWallet: text(/*i18n*/ { id: 'page.saveToGoogleWallet', message: 'Save to Google Wallet' }),
    backToCard: text(/*i18n*/ { id: 'page.backToCard', message: 'Back to the card' }),
  };
}

function subscribePageTexts(text: Translator): SubscribePageTexts {
  return {
    subscribeTitle: (name) =>
      text(/*i18n*/ { id: 'page.subscribeTitle', message: 'Keep {name} up to date' }, { name }),
    subscribeIntro: (name) =>
      text(
        /*i18n*/ {
          id: 'page.subscribeIntro',
          message:
            "Subscribe in your contacts app, and it shows {name}'s new number, e-mail or job as soon as they change it. It only reads this card: nothing of yours is shared.",
        },
        { name },
      ),
    subscribeApple: text(/*i18n*/ { id: 'page.subscribeApple', message: 'iPhone, iPad and Mac' }),
    subscribeAppleButton: text(/*i18n*/ { id: 'page.subscribeAppleButton', message: 'Add to Contacts' }),
    subscribeAppleSteps: text(
      /*i18n*/ {
        id: 'page.subscribeAppleSteps',
        message:
          'Then open Settings, tap Profile Downloaded, and Install. On a Mac, open System Settings › Privacy & Security › Profiles.',
        comment: "The names of Apple's settings, as iOS and macOS show them in the reader's language",
      },
    ),
    subscribeThunderbird: text(/*i18n*/ { id: 'page.subscribeThunderbird', message: 'Thunderbird' }),
    subscribeThunderbirdSteps: text(
      /*i18n*/ {
        id: 'page.subscribeThunderbirdSteps',
        message: 'In the Address Book, choose New Address Book › Add CardDAV Address Book, and enter:',
      },
    ),
    subscribeAndroid: text(/*i18n*/ { id: 'page.subscribeAndroid', message: 'Android' }),
    subscribeAndroidSteps: text(
      /*i18n*/ {
        id: 'page.subscribeAndroidSteps',
        message: 'In the DAVx⁵ app, add an account with Login with URL and user name, and enter:',
      },
    ),
    subscribeOther: text(/*i18n*/ { id: 'page.subscribeOther', message: 'Other contacts apps' }),
    subscribeOtherSteps: text(
      /*i18n*/ { id: 'page.subscribeOtherSteps', message: 'Add a CardDAV account with:' },
    ),
    subscribeAddress: text(
      /*i18n*/ {
        id: 'page.subscribeAddress',
        message: 'Address',
        comment: "A CardDAV account's address (URL)",
      },
    ),
    subscribeServer: text(/*i18n*/ { id: 'page.subscribeServer', message: 'Server' }),
    subscribeUserName: text(/*i18n*/ { id: 'page.subscribeUserName', message: 'User name' }),
    subscribePassword: text(/*i18n*/ { id: 'page.subscribePassword', message: 'Password' }),
    subscribeAnyPassword: text(
      /*i18n*/ { id: 'page.subscribeAnyPassword', message: 'any word (it is not checked)' },
    ),
  };
}

/** The page's words in one language, each worked out once; those with values format on each call. */
function pageTexts(locale: Locale): PageTexts {
  const text = translatorFor(locale);
  return { ...cardPageTexts(text), ...subscribePageTexts(text) };
}

export const PAGE_TEXTS = Object.fromEntries(LOCALES.map((locale) => [locale, pageTexts(locale)])) as Record<
  Locale,
  PageTexts
>;

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
