import type { Locale } from '../../src/i18n.ts';
import { mediaKeyOf } from '../../src/media.ts';
import { cardNameParts } from '../../src/name-parts.ts';
import { postalAddressLines } from '../../src/postal-address.ts';
import { shortLinkUrl } from '../../src/schemas/link.ts';
import { appleProfilePath, carddavBookPath, contactFilePath, subscribePath } from '../../src/carddav.ts';
import { applePassPath, googleWalletPath, type WalletProviders } from '../../src/wallet.ts';
import { serverPaths } from '../../src/routes.ts';
import { isHttpUrl } from '../../src/url.ts';
import { TAPCARD_BRANDING, type Branding } from '../branding/branding.ts';
import { escapeHtml, ICON_LINKS } from '../lib/html.ts';
import { LEAD_FORM_CSS, leadFormHtml } from '../leads/form.ts';
import { cardColours } from '../../src/card-colours.ts';
import type { CardDesign } from '../../src/schemas/card-design.ts';
import { icon, isIconName, type IconName } from './icons.ts';
import { OG_IMAGE_SIZE, ogImagePath } from './og-image.ts';
import type { PublicCard, PublicProfile } from './service.ts';
import { bannerOf, pageStyle, SUBSCRIBE_CSS } from './styles.ts';
import { PAGE_TEXTS, type PageTexts } from './texts.ts';
import { positionWithDepartment, shownSocialLinks } from './shown-fields.ts';

// The public pages as HTML strings: no client JavaScript, every piece of user text through escapeHtml,
// and only http(s) URLs ever written into an href (tel: and mailto: are built from checked values).

const OG_LOCALES: Record<Locale, string> = { en: 'en_US', es: 'es_ES' };

/** Characters a phone number keeps in a tel: link. */
const TEL_CHARACTERS = /[^\d+]/g;
/** A plain address: nothing that could end the attribute or smuggle in mailto: headers. */
const PLAIN_EMAIL = /^[^\s@<>()"'`,;:\\?&]+@[^\s@<>()"'`,;:\\?&]+\.[^\s@<>()"'`,;:\\?&]+$/;

const e = escapeHtml;

export interface ProfilePageInput {
  profile: PublicProfile;
  locale: Locale;
  /** The absolute URL of this page: og:url and the QR code. */
  pageUrl: string;
  publicUrl: string;
  /** The QR code of pageUrl as inline SVG (qr.ts). */
  qrSvg: string;
  /** The design shown: the card's own, or FREE_DESIGN when the plan has no customBranding (design.ts). */
  design: CardDesign;
  /** No 'Made with Tapcard' footer (the plan's adFree). */
  adFree: boolean;
  /** Whose name the page carries besides the card's (server/branding/branding.ts). */
  branding: Branding;
  /**
   * Its "Share your contact back" form's token (server/leads/token.ts) and script (form-kit.ts); absent:
   * no form.
   */
  leadForm?: { token: string; scriptPath: string | null };
  /** The wallets whose "Add to" buttons the card offers (server/wallet/): those this server makes passes for. */
  wallet: WalletProviders;
}

/** "Position, Department at Company", with whichever of them the card has. */
function roleOf(card: PublicCard, t: PageTexts): string {
  const position = positionWithDepartment(card);
  const company = card.company?.trim();
  if (position && company) return t.roleAt(position, company);
  return position || company || '';
}

/** Up to two letters for the photo-less circle: first and last word. */
function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = Array.from(words[0] ?? '')[0] ?? '';
  const last = words.length > 1 ? (Array.from(words.at(-1) ?? '')[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/**
 * The page's icons: the site's (Tapcard's mark), or under white label the customer's logo; without one an
 * empty icon, so that the browser does not ask for the site's /favicon.ico on its own.
 */
function iconLinks(branding: Branding): string {
  if (branding.kind === 'tapcard') return ICON_LINKS;
  const logo = mediaKeyOf(branding.logo) && branding.logo;
  return logo ? `<link rel="icon" href="${e(logo)}">` : '<link rel="icon" href="data:,">';
}

export function pageHead(input: {
  locale: Locale;
  title: string;
  description: string;
  style: string;
  branding: Branding;
  robots?: string;
  meta?: string;
  /** A module script of this server's (the lead form's, where the page shows it); pages have none else. */
  script?: string;
}): string {
  return (
    `<!doctype html><html lang="${input.locale}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>${e(input.title)}</title><meta name="description" content="${e(input.description)}">` +
    iconLinks(input.branding) +
    (input.robots ? `<meta name="robots" content="${input.robots}">` : '') +
    (input.meta ?? '') +
    (input.script ? `<script type="module" src="${e(input.script)}"></script>` : '') +
    `${input.style}</head>`
  );
}

function openGraph(input: ProfilePageInput, title: string, description: string): string {
  const { card } = input.profile;
  const t = PAGE_TEXTS[input.locale];
  const colours = cardColours(card.colours);
  const siteName = input.branding.kind === 'tapcard' ? 'Tapcard' : input.branding.name;
  const tags: [string, string][] = [
    ['og:type', 'profile'],
    ...(siteName ? [['og:site_name', siteName] as [string, string]] : []),
    ['og:title', title],
    ['og:description', description],
    ['og:url', input.pageUrl],
    ['og:locale', OG_LOCALES[input.locale]],
  ];
  if (card.vcardId) {
    const image = input.publicUrl + ogImagePath({ vcardId: card.vcardId, photo: card.photo, colours });
    tags.push(
      ['og:image', image],
      ['og:image:type', 'image/jpeg'],
      ['og:image:width', String(OG_IMAGE_SIZE)],
      ['og:image:height', String(OG_IMAGE_SIZE)],
      ['og:image:alt', t.photoOf(card.name)],
      ['twitter:image', image],
    );
  }
  // a square picture: the compact preview, with the name and title beside it
  tags.push(['twitter:card', 'summary'], ['twitter:title', title], ['twitter:description', description]);
  return tags
    .map(([name, content]) =>
      name.startsWith('twitter:')
        ? `<meta name="${name}" content="${e(content)}">`
        : `<meta property="${name}" content="${e(content)}">`,
    )
    .join('');
}

function avatar(card: PublicCard, t: PageTexts): string {
  if (mediaKeyOf(card.photo) && card.photo) {
    return `<img class="avatar" src="${e(card.photo)}" alt="${e(t.photoOf(card.name))}" width="128" height="128">`;
  }
  return `<div class="avatar" aria-hidden="true">${e(initials(card.name))}</div>`;
}

/** The photo, with the design's logo beside it when there is one. */
function marks(card: PublicCard, design: CardDesign, t: PageTexts): string {
  const logo = mediaKeyOf(design.logo) && design.logo;
  if (!logo) return avatar(card, t);
  return (
    `<div class="marks">${avatar(card, t)}` +
    `<img class="logo" src="${e(logo)}" alt="${e(t.logoOf(card.name))}" width="64" height="64"></div>`
  );
}

/** The design's banner above the card (a cover image, or the card's colour or gradient). */
function banner(design: CardDesign): string {
  const kind = bannerOf(design);
  const image = mediaKeyOf(design.coverImage) && design.coverImage;
  if (kind === 'image' && image)
    return `<img class="banner" src="${e(image)}" alt="" width="480" height="144">`;
  return kind ? '<div class="banner" aria-hidden="true"></div>' : '';
}

/**
 * The card's person as schema.org microdata: the name the heading shows, and the given and family name it
 * is filed under (the .vcf's N), which the page does not show.
 */
function nameMeta(card: PublicCard, locale: Locale): string {
  const { given, family } = cardNameParts(card, locale);
  return (
    `<meta itemprop="name" content="${e(card.name)}">` +
    (given ? `<meta itemprop="givenName" content="${e(given)}">` : '') +
    (family ? `<meta itemprop="familyName" content="${e(family)}">` : '')
  );
}

function action(href: string, label: string, iconName: IconName, extra = ''): string {
  return `<a href="${e(href)}"${extra}><span class="dot">${icon(iconName)}</span>${e(label)}</a>`;
}

function contactActions(card: PublicCard, t: PageTexts): string {
  const items: string[] = [];
  const mobile = card.phone?.replace(TEL_CHARACTERS, '');
  const work = card.workPhone?.replace(TEL_CHARACTERS, '');
  if (mobile) items.push(action(`tel:${mobile}`, work ? t.callMobile : t.call, 'phone'));
  if (work) items.push(action(`tel:${work}`, mobile ? t.callWork : t.call, 'phone'));
  const email = card.email?.trim();
  if (email && PLAIN_EMAIL.test(email)) items.push(action(`mailto:${email}`, t.email, 'mail'));
  if (card.website && isHttpUrl(card.website)) {
    items.push(action(card.website, t.website, 'globe', ' rel="nofollow ugc"'));
  }
  if (items.length === 0) return '';
  return `<section class="actions" aria-label="${e(t.contactActions)}">${items.join('')}</section>`;
}

/** The postal address, with a link that looks it up on OpenStreetMap (only when the visitor follows it). */
function postalAddress(card: PublicCard, t: PageTexts): string {
  const lines = postalAddressLines(card.address);
  if (lines.length === 0) return '';
  const maps = `https://www.openstreetmap.org/search?query=${encodeURIComponent(lines.join(', '))}`;
  return (
    `<section class="postal" aria-label="${e(t.address)}"><address>${lines.map(e).join('<br>')}</address>` +
    `<a href="${e(maps)}" rel="nofollow noopener">${e(t.openInMaps)}</a></section>`
  );
}

function saveContact(card: PublicCard, wallet: WalletProviders, t: PageTexts): string {
  if (!card.vcardId) return '';
  const passes = [
    wallet.apple ? `<a href="${e(applePassPath(card.vcardId))}">${e(t.addToAppleWallet)}</a>` : '',
    wallet.google
      ? `<a href="${e(googleWalletPath(card.vcardId))}" rel="nofollow">${e(t.saveToGoogleWallet)}</a>`
      : '',
  ].join('');
  return (
    `<a class="save" href="${e(contactFilePath(card.vcardId))}" download>${icon('download')}${e(t.saveContact)}</a>` +
    (passes ? `<div class="wallet">${passes}</div>` : '') +
    `<a class="keep" href="${e(subscribePath(card.vcardId))}">${e(t.keepUpToDate)}</a>`
  );
}

function socialLinks(card: PublicCard, t: PageTexts): string {
  const items = shownSocialLinks(card).map(({ platform, name, url }) => {
    const mark = isIconName(platform) ? platform : 'link';
    // rel="me": the profiles are the owner's own (Mastodon verifies a profile by a link back with it)
    return `<li><a href="${e(url)}" rel="me nofollow ugc" aria-label="${e(name)}" title="${e(name)}">${icon(mark)}</a></li>`;
  });
  if (items.length === 0) return '';
  return `<nav aria-label="${e(t.socialProfiles)}"><ul class="social">${items.join('')}</ul></nav>`;
}

// Profile links go through their short link (/l/{code}), which counts the click and redirects.
function profileLinks(profile: PublicProfile, publicUrl: string, t: PageTexts): string {
  const items = profile.links
    .filter((link) => isHttpUrl(link.url))
    .map(
      (link) =>
        `<li><a href="${e(shortLinkUrl(publicUrl, link.code))}" rel="nofollow ugc">${e(link.title)}</a></li>`,
    );
  if (items.length === 0) return '';
  return `<nav aria-label="${e(t.links)}"><ul class="links">${items.join('')}</ul></nav>`;
}

/** The card's "Share your contact back" form, when it takes leads (server/leads/capture.ts takesLeads). */
function leadForm(input: ProfilePageInput): string {
  const { card } = input.profile;
  if (!input.leadForm || !card.vcardId) return '';
  return leadFormHtml({
    vcardId: card.vcardId,
    cardName: card.name,
    settings: card.leadForm,
    locale: input.locale,
    token: input.leadForm.token,
  });
}

/** 'Made with Tapcard', linking to the landing page: on the pages of plans without adFree. */
function footer(t: PageTexts): string {
  return `<footer><a href="/">${e(t.madeWith)}</a></footer>`;
}

/** Under white label, the customer's logo and name where Tapcard's footer would be (no link: no landing page). */
function customerFooter(branding: Extract<Branding, { kind: 'customer' }>): string {
  const logo = mediaKeyOf(branding.logo) && branding.logo;
  if (!logo && !branding.name) return '';
  return (
    '<footer>' +
    (logo ? `<img class="brand" src="${e(logo)}" alt="" width="24" height="24"> ` : '') +
    `${e(branding.name)}</footer>`
  );
}

/** The card page of an available profile. */
export function renderProfilePage(input: ProfilePageInput): string {
  const { card } = input.profile;
  const t = PAGE_TEXTS[input.locale];
  const colours = cardColours(card.colours);
  const role = roleOf(card, t);
  const description = role || t.cardOf(card.name);
  return (
    pageHead({
      locale: input.locale,
      title: role ? `${card.name} · ${role}` : card.name,
      description,
      // one address for search engines and previews, whichever address served the page (card-host.ts)
      meta: `<link rel="canonical" href="${e(input.pageUrl)}"><meta name="theme-color" content="${colours.background}">${openGraph(input, card.name, description)}`,
      style: pageStyle(card.colours, input.design, input.leadForm ? LEAD_FORM_CSS : ''),
      script: input.leadForm?.scriptPath ?? undefined,
      branding: input.branding,
    }) +
    '<body><main>' +
    banner(input.design) +
    `<header class="cover" itemscope itemtype="https://schema.org/Person">${marks(card, input.design, t)}<h1>${e(card.name)}</h1>` +
    nameMeta(card, input.profile.language) +
    (role ? `<p class="role">${e(role)}</p>` : '') +
    '</header>' +
    contactActions(card, t) +
    postalAddress(card, t) +
    saveContact(card, input.wallet, t) +
    leadForm(input) +
    socialLinks(card, t) +
    profileLinks(input.profile, input.publicUrl, t) +
    `<figure class="qr">${input.qrSvg}<figcaption>${e(t.qrCaption)}</figcaption></figure>` +
    // white label needs whiteLabel, a Business feature, which comes with adFree: no footer either way
    `</main>${input.adFree || input.branding.kind === 'customer' ? '' : footer(t)}</body></html>`
  );
}

/**
 * A page with one short message: where a card or link cannot be shown, or what became of a post. It leads
 * back to `back` when given, else home; under white label home is nowhere (the site's home is Tapcard's
 * landing page), and it ends with the customer's name and logo.
 */
export function notePage(
  locale: Locale,
  mark: IconName,
  title: string,
  text: string,
  branding: Branding = TAPCARD_BRANDING,
  back?: { href: string; label: string },
): string {
  const t = PAGE_TEXTS[locale];
  const link = back ? `<a href="${e(back.href)}">${e(back.label)}</a>` : '';
  return (
    pageHead({
      locale,
      title,
      description: text,
      robots: 'noindex',
      style: pageStyle({ background: null, font: null, icon: null }),
      branding,
    }) +
    '<body><main class="note">' +
    `<span class="dot">${icon(mark)}</span>` +
    `<h1>${e(title)}</h1><p>${e(text)}</p>` +
    (branding.kind === 'customer'
      ? `${link}</main>${customerFooter(branding)}`
      : branding.adFree
        ? `${link}</main>`
        : `${link || `<a href="/">${e(t.goHome)}</a>`}</main>${footer(t)}`) +
    '</body></html>'
  );
}

/** The page that tells how to subscribe to a card in a contacts app (server/carddav): one section per app. */
export function renderSubscribePage(input: {
  locale: Locale;
  card: PublicCard & { vcardId: string };
  publicUrl: string;
  design: CardDesign;
  branding: Branding;
}): string {
  const { locale, card, publicUrl, branding } = input;
  const t = PAGE_TEXTS[locale];
  const { vcardId } = card;
  const host = new URL(publicUrl).host;
  // the values to type are code; the password's is a word about it
  const fields = (rows: [string, string][]) =>
    `<dl>${rows.map(([term, value]) => `<dt>${e(term)}</dt><dd><code>${e(value)}</code></dd>`).join('')}` +
    `<dt>${e(t.subscribePassword)}</dt><dd>${e(t.subscribeAnyPassword)}</dd></dl>`;
  const userName: [string, string] = [t.subscribeUserName, vcardId];
  const section = (title: string, body: string) => `<section><h2>${e(title)}</h2>${body}</section>`;
  const title = t.subscribeTitle(card.name);
  return (
    pageHead({
      locale,
      title,
      description: t.subscribeIntro(card.name),
      robots: 'noindex',
      style: pageStyle(card.colours, input.design, SUBSCRIBE_CSS),
      branding,
    }) +
    '<body><main class="subscribe">' +
    `<h1>${e(title)}</h1><p>${e(t.subscribeIntro(card.name))}</p>` +
    section(
      t.subscribeApple,
      `<a class="save" href="${e(appleProfilePath(vcardId))}">${icon('download')}${e(t.subscribeAppleButton)}</a>` +
        `<p>${e(t.subscribeAppleSteps)}</p>`,
    ) +
    section(
      t.subscribeThunderbird,
      `<p>${e(t.subscribeThunderbirdSteps)}</p>` +
        fields([[t.subscribeAddress, publicUrl + carddavBookPath(vcardId)], userName]),
    ) +
    section(
      t.subscribeAndroid,
      `<p>${e(t.subscribeAndroidSteps)}</p>` +
        fields([[t.subscribeAddress, `${publicUrl}${serverPaths.carddav}/`], userName]),
    ) +
    section(
      t.subscribeOther,
      `<p>${e(t.subscribeOtherSteps)}</p>` + fields([[t.subscribeServer, host], userName]),
    ) +
    `<a class="back" href="/vcard/${e(vcardId)}">${e(t.backToCard)}</a>` +
    (branding.kind === 'customer'
      ? `</main>${customerFooter(branding)}`
      : `</main>${branding.adFree ? '' : footer(t)}`) +
    '</body></html>'
  );
}

/** 'Profile Temporarily Unavailable': unknown (404), offline (403) or not loadable right now (503). */
export function renderUnavailablePage(
  locale: Locale,
  status: 403 | 404 | 503,
  branding: Branding = TAPCARD_BRANDING,
): string {
  const t = PAGE_TEXTS[locale];
  return notePage(
    locale,
    'user',
    t.unavailableTitle,
    status === 503 ? t.loadFailedText : t.unavailableText,
    branding,
  );
}

/** A short link that does not exist (404) or could not be looked up right now (503). */
export function renderLinkUnavailablePage(
  locale: Locale,
  status: 404 | 503,
  branding: Branding = TAPCARD_BRANDING,
): string {
  const t = PAGE_TEXTS[locale];
  return status === 503
    ? notePage(locale, 'link', t.linkLoadFailedTitle, t.linkLoadFailedText, branding)
    : notePage(locale, 'link', t.linkNotFoundTitle, t.linkNotFoundText, branding);
}

/** A short link that does not lead on now and has no fallback (src/link-lifecycle.ts): 404, or 410 once over. */
export function renderLinkInactivePage(
  locale: Locale,
  _status: 404 | 410,
  branding: Branding = TAPCARD_BRANDING,
): string {
  const t = PAGE_TEXTS[locale];
  return notePage(locale, 'link', t.linkInactiveTitle, t.linkInactiveText, branding);
}

/** 'Paused' (HTTP 200): a card or short link that its owner's plan does not cover, or its team paused. */
export function renderPausedPage(
  locale: Locale,
  what: 'card' | 'link',
  branding: Branding = TAPCARD_BRANDING,
): string {
  const t = PAGE_TEXTS[locale];
  return notePage(
    locale,
    'pause',
    t.pausedTitle,
    what === 'card' ? t.pausedCardText : t.pausedLinkText,
    branding,
  );
}

/** One card in a team's directory: its page on the team's domain. */
export interface DirectoryCard {
  vcardId: string;
  name: string;
  position: string | null;
  company: string | null;
}

/**
 * A team's directory of its published cards, at the root of its custom domain: a plain list of links to
 * each card's page on that domain (`origin`), server-rendered with no script, like the card pages.
 */
export function renderTeamDirectoryPage(input: {
  locale: Locale;
  origin: string;
  teamName: string;
  /** White label: the team's name and logo in Tapcard's place (the page shows no Tapcard name anyway). */
  branding: Branding;
  cards: readonly DirectoryCard[];
}): string {
  const t = PAGE_TEXTS[input.locale];
  const title = t.teamDirectoryTitle(input.teamName);
  const items = input.cards.map((card) => {
    const role = [card.position?.trim(), card.company?.trim()].filter(Boolean).join(', ');
    const label = role ? `${card.name} · ${role}` : card.name;
    return `<li><a href="${e(`/vcard/${card.vcardId}`)}">${e(label)}</a></li>`;
  });
  const list =
    items.length === 0
      ? `<p>${e(t.teamDirectoryEmpty)}</p>`
      : `<nav aria-label="${e(title)}"><ul class="links">${items.join('')}</ul></nav>`;
  return (
    pageHead({
      locale: input.locale,
      title,
      description: title,
      style: pageStyle({ background: null, font: null, icon: null }),
      meta: `<link rel="canonical" href="${e(`${input.origin}/`)}">`,
      branding: input.branding,
    }) + `<body><main class="note"><h1>${e(title)}</h1>${list}</main></body></html>`
  );
}
