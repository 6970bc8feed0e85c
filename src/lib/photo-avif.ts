/**
 * The metadata items of an AVIF (an ISOBMFF file): its EXIF and XMP are items that the `meta`
 * box lists (`iinf`) and places (`iloc`), each at an offset in the file. Their bytes can be
 * blanked where they are, which keeps every offset and so every byte of the picture. Its
 * orientation is a property of the image (`irot`, `imir`), not EXIF. Plain TypeScript: no DOM and
 * no Node module.
 */
import { BrokenPhoto } from './exif.ts';
import { ascii, boxes, take, u16, u32, type ByteSource, type Part } from './photo-parts.ts';

/** An EXIF or XMP item, and the places in the file its bytes fill, in order. */
export type AvifItem = { kind: 'exif' | 'xmp'; extents: { offset: number; length: number }[] };

const inside = (source: ByteSource, box: Part, name: string, skip = 0) =>
  [...boxes(source, box.data + skip, box.dataEnd)].find((child) => child.name === name);

/** An unsigned number of `size` bytes (0, 2, 4 or 8) at `at`. */
function number(bytes: Uint8Array, at: number, size: number): number {
  if (size === 0) return 0;
  if (size === 2) return u16(bytes, at);
  if (size === 4) return u32(bytes, at);
  if (size === 8) return u32(bytes, at) * 0x100000000 + u32(bytes, at + 4);
  throw new BrokenPhoto('Its AVIF item locations use a size no AVIF uses.');
}

/** Each item's type, by id, from `iinf`: `Exif`, or `mime` with its content type. */
function itemTypes(source: ByteSource, iinf: Part): Map<number, string> {
  const version = take(source, iinf.data, 1)[0]!;
  const types = new Map<number, string>();
  for (const infe of boxes(source, iinf.data + (version ? 8 : 6), iinf.dataEnd)) {
    if (infe.name !== 'infe') continue;
    const bytes = take(source, infe.data, infe.dataEnd - infe.data);
    if (bytes[0]! < 2) continue; // versions 0 and 1 carry no item type
    const [id, typeAt] = bytes[0] === 2 ? [u16(bytes, 4), 8] : [u32(bytes, 4), 10];
    const type = ascii(bytes.subarray(typeAt, typeAt + 4));
    const name = bytes.indexOf(0, typeAt + 4);
    const contentType = ascii(bytes.subarray(name + 1, bytes.indexOf(0, name + 1)));
    types.set(id, type === 'mime' ? `mime:${contentType}` : type);
  }
  return types;
}

/** Where each item's bytes are, by id, from `iloc`; `idat` is where method 1's offsets count from. */
function itemPlaces(source: ByteSource, iloc: Part, idat: Part | undefined) {
  const bytes = take(source, iloc.data, iloc.dataEnd - iloc.data);
  const version = bytes[0]!;
  const [offsetSize, lengthSize, baseSize] = [bytes[4]! >> 4, bytes[4]! & 15, bytes[5]! >> 4];
  const indexSize = version ? bytes[5]! & 15 : 0;
  let at = 6;
  const read = (size: number) => ((at += size), number(bytes, at - size, size));
  const count = read(version < 2 ? 2 : 4);
  const places = new Map<number, AvifItem['extents']>();
  for (let item = 0; item < count; item += 1) {
    const id = read(version < 2 ? 2 : 4);
    const method = version ? read(2) & 15 : 0;
    read(2); // data reference index
    const base = read(baseSize) + (method === 1 ? (idat?.data ?? NaN) : 0);
    const extents = Array.from({ length: read(2) }, () => {
      read(indexSize);
      return { offset: base + read(offsetSize), length: read(lengthSize) };
    });
    if (method > 1 || extents.some(({ offset, length }) => !(offset + length <= source.size)))
      throw new BrokenPhoto('Its AVIF items point outside the file.');
    places.set(id, extents);
  }
  return places;
}

/** The EXIF and XMP items of an AVIF. */
export function avifItems(source: ByteSource): AvifItem[] {
  const meta = [...boxes(source, 0, source.size)].find((box) => box.name === 'meta');
  if (!meta) return [];
  // `meta` is a full box: a version and flags before its children.
  const [iinf, iloc, idat] = ['iinf', 'iloc', 'idat'].map((name) => inside(source, meta, name, 4));
  if (!iinf || !iloc) return [];
  const places = itemPlaces(source, iloc, idat);
  return [...itemTypes(source, iinf)].flatMap(([id, type]) => {
    const kind = type === 'Exif' ? 'exif' : type === 'mime:application/rdf+xml' ? 'xmp' : undefined;
    return kind ? [{ kind, extents: places.get(id) ?? [] }] : [];
  });
}

/** An item's bytes, its extents joined. */
export const itemBytes = (source: ByteSource, { extents }: AvifItem) => {
  const parts = extents.map(({ offset, length }) => take(source, offset, length));
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  parts.reduce((at, part) => (joined.set(part, at), at + part.length), 0);
  return joined;
};

const emptyXmp =
  '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"/>';
const xmpEnd = '<?xpacket end="w"?>';

/**
 * What an item holds once blanked, at its own length: EXIF with no tags (its 4-byte offset to
 * the TIFF header, then an empty TIFF), or an empty XMP packet padded with spaces, as XMP pads.
 */
export function blankItem(kind: AvifItem['kind'], length: number): Uint8Array {
  const blank = new Uint8Array(length);
  if (kind === 'exif') {
    const tiff = [0, 0, 0, 0, 0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0];
    if (length >= tiff.length) blank.set(tiff);
    return blank;
  }
  const padding = length - emptyXmp.length - xmpEnd.length;
  const text = padding >= 0 ? emptyXmp + ' '.repeat(padding) + xmpEnd : ' '.repeat(length);
  for (let at = 0; at < length; at += 1) blank[at] = text.charCodeAt(at);
  return blank;
}
