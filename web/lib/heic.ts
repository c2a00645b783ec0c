// HEIC photos (what iPhones save by default): HEIF images coded with HEVC, which only Safari draws. They are
// recognised by their bytes as well as by their type and name, since other browsers often give a picked
// .heic file no type at all.

/** How much of a file's start isHeicBytes needs: the ftyp box with its brands. */
export const HEIC_SNIFF_BYTES = 64;

/** Brands of HEIF files coded with HEVC (ISO/IEC 23008-12): still images, sequences, their variants. */
const HEVC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']);
/** Brands any HEIF file may carry, whatever its codec. */
const HEIF_BRANDS = new Set(['mif1', 'msf1', 'miaf']);
/** An AVIF is a HEIF coded with AV1, which current browsers draw themselves. */
const AV1_BRANDS = new Set(['avif', 'avis']);

const HEIC_TYPES = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);
const HEIC_NAME = /\.(?:heic|heif|hif)$/i;

/** The brands (major first, then compatible) of an ISO base media file's ftyp box; [] for other bytes. */
export function ftypBrands(head: Uint8Array): string[] {
  const fourcc = (at: number) => String.fromCharCode(...head.subarray(at, at + 4));
  if (head.length < 12 || fourcc(4) !== 'ftyp') return [];
  const boxSize = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(0);
  const end = Math.min(boxSize, head.length);
  const brands = [fourcc(8)];
  // bytes 12-15 are the minor version
  for (let at = 16; at + 4 <= end; at += 4) brands.push(fourcc(at));
  return brands;
}

/**
 * Whether a file's first bytes are a HEIF image coded with HEVC: an HEVC brand, or a generic HEIF brand
 * without an AV1 one (an AVIF).
 */
export function isHeicBytes(head: Uint8Array): boolean {
  const brands = ftypBrands(head);
  if (brands.some((brand) => HEVC_BRANDS.has(brand))) return true;
  return brands.some((brand) => HEIF_BRANDS.has(brand)) && !brands.some((brand) => AV1_BRANDS.has(brand));
}

/** Whether a file calls itself HEIC or HEIF by its type or its name's extension. */
export function isHeicByName(file: { name: string; type: string }): boolean {
  return HEIC_TYPES.has(file.type.toLowerCase()) || HEIC_NAME.test(file.name);
}
