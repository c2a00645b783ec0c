import { useMemo } from 'react';
import QRCode, { type QRCodeErrorCorrectionLevel } from 'qrcode';

/**
 * The dark modules of the QR code as one SVG path, a run of dark modules in a row per rectangle. Drawn as
 * React elements from the module matrix (no innerHTML, no data: URL), so it needs nothing from the CSP.
 * `quietZone` light modules surround the code, so a scanner finds its edges on any background.
 */
function qrCodePath(
  value: string,
  level: QRCodeErrorCorrectionLevel,
  quietZone: number,
): { side: number; path: string } {
  const { modules } = QRCode.create(value, { errorCorrectionLevel: level });
  const side = modules.size + quietZone * 2;
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
      runs.push(`M${start + quietZone} ${row + quietZone}h${col - start}v1h${start - col}z`);
    }
  }
  return { side, path: runs.join('') };
}

interface QrCodeSvgProps {
  value: string;
  size?: number;
  label: string;
  level?: QRCodeErrorCorrectionLevel;
  /** Light modules around the code. */
  quietZone?: number;
}

/**
 * A QR code of `value`. The defaults are the card step's preview (spec section 9: 120 px at error
 * correction L); My QR Codes draws larger, more robust codes.
 */
export function QrCodeSvg({ value, size = 120, label, level = 'L', quietZone = 2 }: QrCodeSvgProps) {
  const { side, path } = useMemo(() => qrCodePath(value, level, quietZone), [value, level, quietZone]);
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
