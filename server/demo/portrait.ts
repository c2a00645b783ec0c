import { loadSharp } from '../lib/sharp.ts';

// The demo card's photo: an illustrated head-and-shoulders portrait drawn here (no network, no stock
// photo to license), so the demo shows what a card with a photo looks like.

const SIZE = 800;

const PORTRAIT_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 800 800">
<defs><linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="#A5B4FC"/><stop offset="1" stop-color="#4338CA"/></linearGradient></defs>
<rect width="800" height="800" fill="url(#sky)"/>
<circle cx="640" cy="150" r="90" fill="#C7D2FE" opacity=".35"/>
<path d="M120 800c20-190 130-280 280-280s260 90 280 280z" fill="#1E293B"/>
<path d="M330 520h140l-70 120z" fill="#F8FAFC"/>
<rect x="350" y="430" width="100" height="110" rx="40" fill="#D6A583"/>
<ellipse cx="400" cy="330" rx="135" ry="155" fill="#E8B894"/>
<path d="M262 318c-10-120 60-178 150-176 92 2 146 64 128 176-18-50-60-88-130-92-58-3-110 28-148 92z" fill="#3B2A20"/>
<ellipse cx="352" cy="340" rx="11" ry="14" fill="#2B1D16"/>
<ellipse cx="448" cy="340" rx="11" ry="14" fill="#2B1D16"/>
<path d="M360 410q40 30 80 0" stroke="#9A5B43" stroke-width="9" fill="none" stroke-linecap="round"/>
</svg>`;

/** The portrait as a JPEG, as a person would upload it. */
export async function demoPortraitJpeg(): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(PORTRAIT_SVG)).jpeg({ quality: 88 }).toBuffer();
}
