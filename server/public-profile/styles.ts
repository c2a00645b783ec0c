import { designColours, type DesignColours } from '../../src/card-colours.ts';
import { FREE_DESIGN, type CardDesign } from '../../src/schemas/card-design.ts';
import { fontCss } from './fonts.ts';

// The public pages' one small CSS block, inline in each page (the CSP allows inline styles; no request,
// no flash of unstyled card). Phone first: the card fills a phone screen, and floats as a card from 30rem
// up. Every tap target is at least 48px high. The colours arrive as custom properties, already checked to
// be #RRGGBB and readable where they are used (src/card-colours.ts designColours), so no user text ever
// reaches the CSS. A design (customBranding) adds only the rules of its layout, cover and button style.

const BASE_CSS = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:var(--page);color:var(--text);font:16px/1.5 var(--font);-webkit-text-size-adjust:100%}
main{max-width:30rem;margin:0 auto;background:var(--surface);min-height:100vh;padding-bottom:2rem}
@media(min-width:32rem){body{padding:2.5rem 1rem}main{min-height:0;border-radius:1.5rem;overflow:hidden;box-shadow:0 12px 40px rgba(15,23,42,.14)}}
.cover{background:var(--bg);color:var(--fg);text-align:center;padding:2.5rem 1.5rem 2rem}
.avatar{display:flex;width:8rem;height:8rem;margin:0 auto 1rem;border-radius:50%;border:4px solid var(--fg);background:var(--fg);color:var(--bg);object-fit:cover;align-items:center;justify-content:center;font-size:2.75rem;font-weight:700;letter-spacing:.02em}
h1{margin:0;font-size:1.75rem;line-height:1.2;overflow-wrap:anywhere}
.role{margin:.5rem 0 0;font-size:1.05rem;overflow-wrap:anywhere}
.actions{display:grid;grid-template-columns:repeat(auto-fit,minmax(5.5rem,1fr));gap:.75rem;margin:1.5rem 1.25rem 0}
.actions a{display:flex;flex-direction:column;align-items:center;gap:.4rem;padding:.85rem .5rem;border-radius:1rem;background:var(--tile);color:var(--tile-fg);text-decoration:none;font-weight:600;font-size:.95rem}
.dot{display:flex;width:3rem;height:3rem;border-radius:50%;background:var(--bg);color:var(--icon);align-items:center;justify-content:center}
.postal{margin:1.25rem 1.25rem 0;text-align:center;overflow-wrap:anywhere}
.postal address{font-style:normal}
.postal a{display:inline-block;padding:.75rem .5rem;color:var(--text);font-weight:600}
.save{display:flex;align-items:center;justify-content:center;gap:.6rem;min-height:3.5rem;margin:1.25rem 1.25rem 0;padding:.9rem 1.5rem;border-radius:999px;background:var(--bg);color:var(--fg);font-size:1.1rem;font-weight:700;text-decoration:none;box-shadow:0 4px 14px rgba(15,23,42,.18)}
.wallet{display:flex;flex-wrap:wrap;gap:.5rem;margin:.75rem 1.25rem 0}.wallet a{flex:1 1 10rem;display:flex;align-items:center;justify-content:center;min-height:2.75rem;padding:.5rem 1rem;border-radius:.75rem;background:#000;color:#fff;font-weight:600;font-size:.95rem;text-align:center;text-decoration:none}
.keep{display:block;margin:.5rem 1.25rem 0;padding:.6rem;text-align:center;color:var(--text);font-weight:600;font-size:.95rem}
.social{display:flex;flex-wrap:wrap;justify-content:center;gap:.75rem;list-style:none;margin:1.5rem 1.25rem 0;padding:0}
.social a{display:flex;width:3rem;height:3rem;border-radius:50%;background:var(--bg);color:var(--icon);align-items:center;justify-content:center}
.links{display:grid;gap:.75rem;list-style:none;margin:1.5rem 1.25rem 0;padding:0}
.links a{display:block;padding:.9rem 1.25rem;border:2px solid var(--line);border-radius:1rem;color:var(--text);text-align:center;font-weight:600;text-decoration:none;overflow-wrap:anywhere}
.links a:hover{border-color:var(--text)}
.qr{margin:2rem 1.25rem 0;text-align:center;color:var(--muted);font-size:.9rem}
.qr svg{display:block;width:10rem;height:10rem;margin:0 auto .5rem}
.note{padding:3rem 1.5rem;text-align:center}
.note .dot{margin:0 auto}
.note h1{margin:1rem 0 .75rem;font-size:1.5rem}
.note p{margin:0 0 1.5rem;color:var(--muted)}
.note a{display:inline-block;padding:.75rem 1rem;color:var(--text);font-weight:600}
footer{padding:1.5rem;text-align:center;font-size:.875rem;color:var(--muted)}
footer a{display:inline-block;padding:.5rem;color:inherit}
footer .brand{vertical-align:middle;object-fit:contain}
.ic{width:1.5rem;height:1.5rem;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}
a:focus-visible{outline:3px solid var(--text);outline-offset:3px}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}`;

/**
 * Where the photo sits on the page's surface instead of the card colour: the initials circle turns to the
 * card colour with the font colour on it (the same pair), ringed in the surface's colour.
 */
const ON_SURFACE =
  '.avatar{background:var(--bg);color:var(--fg);border-color:var(--surface)}.logo{border-color:var(--line)}';

/** The rules of each layout (the markup is the same; server/public-profile/render.ts adds the banner). */
const LAYOUT_CSS: Record<CardDesign['layout'], string> = {
  centred: '',
  left:
    '.cover{background:none;color:var(--head);text-align:left;padding:0 1.5rem .5rem}' +
    '.cover>.avatar,.marks{margin:-4rem 0 1rem}.marks{justify-content:flex-start;align-items:flex-end}' +
    ON_SURFACE +
    '.social{justify-content:flex-start}.links a{text-align:left}',
  compact:
    '.cover{display:grid;grid-template-columns:auto 1fr;column-gap:1rem;align-items:center;text-align:left;padding:1.25rem}' +
    '.cover>.avatar,.marks{grid-row:1/3;margin:0}.cover .avatar{width:4.5rem;height:4.5rem;font-size:1.6rem;border-width:3px}' +
    '.cover .logo{width:3rem;height:3rem}h1{font-size:1.4rem;align-self:end}.role{margin:0;align-self:start}' +
    '.actions{margin-top:1rem}.qr svg{width:8rem;height:8rem}',
  dark:
    '.cover{background:none;color:var(--head);padding-top:2rem}' +
    ON_SURFACE +
    '.banner+.cover{padding-top:0}.banner+.cover>.avatar,.banner+.cover>.marks{margin-top:-4rem}' +
    '.save{box-shadow:none}.qr svg{border-radius:.5rem}',
};

const BUTTON_CSS: Record<CardDesign['buttonStyle'], string> = {
  filled: '',
  outline:
    '.save{background:none;color:var(--out);border:2px solid var(--out);box-shadow:none}' +
    '.links a{border-color:var(--out);color:var(--out);border-radius:999px}',
  rounded:
    '.save{border-radius:.75rem}.links a{background:var(--bg);color:var(--fg);border-color:var(--bg);border-radius:.75rem}' +
    '.links a:hover{border-color:var(--fg)}',
  square:
    '.save,.actions a,.links a{border-radius:0}.links a{background:var(--bg);color:var(--fg);border-color:var(--bg)}' +
    '.links a:hover{border-color:var(--fg)}',
};

/** A banner above the card: an image, or the card's colour (a gradient to the accent with one). */
const BANNER_CSS = '.banner{display:block;width:100%;height:9rem;object-fit:cover;background:var(--bg)}';
const GRADIENT = 'linear-gradient(135deg,var(--bg),var(--accent))';

// no background of its own: a logo's transparent parts show the card's colour (or the dark surface) behind it
const LOGO_CSS =
  '.marks{display:flex;justify-content:center;align-items:center;gap:1rem;margin:0 0 1rem}.marks .avatar{margin:0}' +
  '.logo{width:4rem;height:4rem;border-radius:.75rem;object-fit:contain;border:2px solid var(--fg)}';

/** Whether the page has a banner above the card, and what it is. */
export function bannerOf(design: CardDesign): 'image' | 'colour' | null {
  if (design.cover === 'image' && design.coverImage) return 'image';
  if (design.layout === 'left' || (design.layout === 'dark' && design.cover === 'gradient')) return 'colour';
  return null;
}

function designCss(design: CardDesign): string {
  // the logo's general rules first: a layout places the photo and logo its own way
  let css = (design.logo ? LOGO_CSS : '') + LAYOUT_CSS[design.layout] + BUTTON_CSS[design.buttonStyle];
  if (bannerOf(design)) css += BANNER_CSS;
  if (design.cover === 'gradient') {
    css +=
      bannerOf(design) === 'colour' ? `.banner{background:${GRADIENT}}` : `.cover{background:${GRADIENT}}`;
  }
  return css;
}

function variables(colours: DesignColours, family: string): string {
  return (
    `:root{--bg:${colours.background};--fg:${colours.font};--icon:${colours.icon};--accent:${colours.accent}` +
    `;--page:${colours.page};--surface:${colours.surface};--text:${colours.surfaceText}` +
    `;--muted:${colours.mutedText};--tile:${colours.tile};--tile-fg:${colours.tileText};--line:${colours.border}` +
    `;--error:${colours.errorText};--head:${colours.headerText};--out:${colours.outlineText};--font:${family}}`
  );
}

/** The page's <style> element, with the card's colours and design, and the rules of what else it shows. */
export function pageStyle(
  stored: Parameters<typeof designColours>[0],
  design: CardDesign = FREE_DESIGN,
  extraCss = '',
): string {
  const font = fontCss(design.font);
  const colours = designColours(stored, design);
  return `<style>${font.faces}${variables(colours, font.family)}\n${BASE_CSS}${designCss(design)}${extraCss}</style>`;
}

/** The subscribe page's sections (server/carddav): its headings, and the values to type, each on its own line. */
export const SUBSCRIBE_CSS =
  '.subscribe{padding:2rem 1.25rem}.subscribe h1{margin:0 0 .75rem;font-size:1.5rem}' +
  '.subscribe>p{margin:0;color:var(--muted)}.subscribe section{margin-top:1.75rem}' +
  '.subscribe h2{margin:0 0 .5rem;font-size:1.1rem}.subscribe section p{margin:.75rem 0 0}' +
  '.subscribe .save{margin:.75rem 0 0}.subscribe dl{margin:.5rem 0 0}.subscribe dt{margin-top:.5rem;font-weight:600}' +
  '.subscribe dd{margin:0}.subscribe code{overflow-wrap:anywhere;font-size:.95rem}' +
  '.subscribe .back{display:inline-block;margin-top:2rem;padding:.75rem 0;color:var(--text);font-weight:600}';
