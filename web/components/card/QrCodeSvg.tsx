import { useMemo } from 'react';
import { DEFAULT_QR_DESIGN, drawQr, type QrDesign } from '#src/qr-design.ts';

interface QrCodeSvgProps {
  value: string;
  size?: number;
  label: string;
  /** The QR code's design in effect (src/qr-design.ts); the plain code by default. */
  design?: QrDesign;
}

/**
 * A QR code of `value`, drawn by src/qr-design.ts drawQr: the same drawing as the public page and the
 * downloads (error correction H, a 4-module quiet zone). Drawn as React elements (no innerHTML, no data:
 * URL), so it needs nothing from the CSP; the logo is a same-origin /media/ path.
 */
export function QrCodeSvg({ value, size = 120, label, design = DEFAULT_QR_DESIGN }: QrCodeSvgProps) {
  const drawing = useMemo(() => drawQr(value, design), [value, design]);
  const { side, logo } = drawing;
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${side} ${side}`}
      shapeRendering={drawing.crisp ? 'crispEdges' : undefined}
      className="shrink-0"
    >
      <rect width={side} height={side} fill={drawing.background} />
      <path d={drawing.path} fill={drawing.foreground} />
      {logo && design.logo && (
        <image
          href={design.logo}
          x={logo.x}
          y={logo.y}
          width={logo.size}
          height={logo.size}
          preserveAspectRatio="xMidYMid meet"
        />
      )}
    </svg>
  );
}
