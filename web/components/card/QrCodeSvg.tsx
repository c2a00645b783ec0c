import { useMemo } from 'react';
import QRCode from 'qrcode';

/** Light modules around the code, so a scanner finds its edges on any background. */
const QUIET_ZONE_MODULES = 2;

/**
 * The dark modules of the QR code as one SVG path, a run of dark modules in a row per rectangle. Drawn as
 * React elements from the module matrix (no innerHTML, no data: URL), so it needs nothing from the CSP.
 */
function qrCodePath(value: string): { side: number; path: string } {
  const { modules } = QRCode.create(value, { errorCorrectionLevel: 'L' });
  const side = modules.size + QUIET_ZONE_MODULES * 2;
  const runs: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col += 1;
      runs.push(
        `M${start + QUIET_ZONE_MODULES} ${row + QUIET_ZONE_MODULES}h${col - start}v1h${start - col}z`,
      );
    }
  }
  return { side, path: runs.join('') };
}

/** A QR code of `value` (spec section 9: the card step's preview is 120 px at error correction L). */
export function QrCodeSvg({ value, size = 120, label }: { value: string; size?: number; label: string }) {
  const { side, path } = useMemo(() => qrCodePath(value), [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${side} ${side}`}
      shapeRendering="crispEdges"
      className="shrink-0"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
