import type { QrDrawing } from '../../src/qr-design.ts';

// Drawings the studio no longer makes, for the scan check's tests: a decoder must fail on them for the right
// reason, and the check must refuse them.

const circle = (cx: number, cy: number, r: number, clockwise = true) => {
  const sweep = clockwise ? 1 : 0;
  return `M${cx - r} ${cy}a${r} ${r} 0 1 ${sweep} ${2 * r} 0a${r} ${r} 0 1 ${sweep} ${-2 * r} 0z`;
};

/**
 * A drawing of the square eye style with its three finder patterns redrawn as true concentric circles (rings
 * of radius 3.5 and 2.5 around a dot of 1.5): the "circle" corners the studio drew until ZBar was found to
 * miss them at 1024 and 2048 px, while jsQR and ZXing read them.
 */
export function withConcentricCircleEyes(squareEyed: QrDrawing): QrDrawing {
  // drawQr writes the three eyes first, each as three closed squares
  const shapes = squareEyed.path.split('z').filter(Boolean);
  const eyes = shapes.slice(0, 9).filter((_, index) => index % 3 === 0);
  const circles = eyes.map((outer) => {
    const [x, y] = (outer.match(/^M([\d.]+) ([\d.]+)/) ?? []).slice(1).map(Number);
    if (x === undefined || y === undefined) throw new Error('not a square-eyed drawing');
    return (
      circle(x + 3.5, y + 3.5, 3.5) + circle(x + 3.5, y + 3.5, 2.5, false) + circle(x + 3.5, y + 3.5, 1.5)
    );
  });
  const modules = shapes.slice(9).map((shape) => `${shape}z`);
  return { ...squareEyed, path: circles.join('') + modules.join(''), crisp: false };
}
