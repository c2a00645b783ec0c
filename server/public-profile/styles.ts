import type { CardColours } from '../../src/card-colours.ts';

// The public pages' one small CSS block, inline in each page (the CSP allows inline styles; no request,
// no flash of unstyled card). Phone first: the card fills a phone screen, and floats as a card from 30rem
// up. Every tap target is at least 48px high. The owner's colours arrive as custom properties, already
// checked to be #RRGGBB (colours.ts), so no user text ever reaches the CSS.

const BASE_CSS = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:#eef1f5;color:#1a1d23;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;-webkit-text-size-adjust:100%}
main{max-width:30rem;margin:0 auto;background:#fff;min-height:100vh;padding-bottom:2rem}
@media(min-width:32rem){body{padding:2.5rem 1rem}main{min-height:0;border-radius:1.5rem;overflow:hidden;box-shadow:0 12px 40px rgba(15,23,42,.14)}}
.cover{background:var(--bg);color:var(--fg);text-align:center;padding:2.5rem 1.5rem 2rem}
.avatar{display:flex;width:8rem;height:8rem;margin:0 auto 1rem;border-radius:50%;border:4px solid var(--fg);background:var(--fg);color:var(--bg);object-fit:cover;align-items:center;justify-content:center;font-size:2.75rem;font-weight:700;letter-spacing:.02em}
h1{margin:0;font-size:1.75rem;line-height:1.2;overflow-wrap:anywhere}
.role{margin:.5rem 0 0;font-size:1.05rem;overflow-wrap:anywhere}
.actions{display:grid;grid-template-columns:repeat(auto-fit,minmax(5.5rem,1fr));gap:.75rem;margin:1.5rem 1.25rem 0}
.actions a{display:flex;flex-direction:column;align-items:center;gap:.4rem;padding:.85rem .5rem;border-radius:1rem;background:#f3f5f8;color:#1a1d23;text-decoration:none;font-weight:600;font-size:.95rem}
.dot{display:flex;width:3rem;height:3rem;border-radius:50%;background:var(--bg);color:var(--icon);align-items:center;justify-content:center}
.save{display:flex;align-items:center;justify-content:center;gap:.6rem;min-height:3.5rem;margin:1.25rem 1.25rem 0;padding:.9rem 1.5rem;border-radius:999px;background:var(--bg);color:var(--fg);font-size:1.1rem;font-weight:700;text-decoration:none;box-shadow:0 4px 14px rgba(15,23,42,.18)}
.social{display:flex;flex-wrap:wrap;justify-content:center;gap:.75rem;list-style:none;margin:1.5rem 1.25rem 0;padding:0}
.social a{display:flex;width:3rem;height:3rem;border-radius:50%;background:var(--bg);color:var(--icon);align-items:center;justify-content:center}
.links{display:grid;gap:.75rem;list-style:none;margin:1.5rem 1.25rem 0;padding:0}
.links a{display:block;padding:.9rem 1.25rem;border:2px solid #dfe3ea;border-radius:1rem;color:#1a1d23;text-align:center;font-weight:600;text-decoration:none;overflow-wrap:anywhere}
.links a:hover{border-color:#1a1d23}
.qr{margin:2rem 1.25rem 0;text-align:center;color:#4a5263;font-size:.9rem}
.qr svg{display:block;width:10rem;height:10rem;margin:0 auto .5rem}
.note{padding:3rem 1.5rem 0;text-align:center}
.note .dot{margin:0 auto}
.note h1{margin:1rem 0 .75rem;font-size:1.5rem}
.note p{margin:0 0 1.5rem;color:#4a5263}
.note a{display:inline-block;padding:.75rem 1rem;color:#1a1d23;font-weight:600}
footer{padding:1.5rem;text-align:center;font-size:.875rem;color:#4a5263}
footer a{display:inline-block;padding:.5rem;color:inherit}
.ic{width:1.5rem;height:1.5rem;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}
a:focus-visible{outline:3px solid #1a1d23;outline-offset:3px}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}`;

/** The page's <style> element, with the card's colours. */
export function pageStyle(colours: CardColours): string {
  return `<style>:root{--bg:${colours.background};--fg:${colours.font};--icon:${colours.icon}}\n${BASE_CSS}</style>`;
}
