/**
 * A photo file as the parts its format is made of: a JPEG's segments, a PNG's chunks, a WebP's
 * RIFF chunks, an AVIF's boxes, and which of them are metadata. Read a piece at a time, so a
 * check can read a file's structure and metadata without its picture. Plain TypeScript: no DOM
 * and no Node module.
 */
import { BrokenPhoto } from './exif.ts';

/** Random access to a photo's bytes: in memory, or a file read a piece at a time. */
export type ByteSource = {
  size: number;
  /** Exactly `length` bytes from `offset`; the caller keeps within `size`. */
  read: (offset: number, length: number) => Uint8Array;
};

export const inMemory = (bytes: Uint8Array): ByteSource => ({
  size: bytes.length,
  read: (offset, length) => bytes.subarray(offset, offset + length),
});

export type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'avif';

/** One part of a photo file: its name (a JPEG marker as `FFE1`, a chunk's or box's type), where it is, and where its data is. */
export type Part = { name: string; start: number; end: number; data: number; dataEnd: number };

/** Bytes as text, one character each; a piece at a time, as a long spread overflows the stack. */
export function ascii(bytes: Uint8Array): string {
  let text = '';
  for (let at = 0; at < bytes.length; at += 8192)
    text += String.fromCharCode(...bytes.subarray(at, at + 8192));
  return text;
}
const cut = () =>
  new BrokenPhoto('The file ends part way through: it may not have finished copying.');

/** `length` bytes at `offset`, or BrokenPhoto when the file ends first. */
export function take(source: ByteSource, offset: number, length: number): Uint8Array {
  if (offset < 0 || length < 0 || offset + length > source.size) throw cut();
  return source.read(offset, length);
}

// Unsigned numbers: big-endian (JPEG, PNG, ISOBMFF) and little-endian (RIFF).
export const u16 = (bytes: Uint8Array, at = 0) => (bytes[at]! << 8) | bytes[at + 1]!;
export const u32 = (bytes: Uint8Array, at = 0) => u16(bytes, at) * 0x10000 + u16(bytes, at + 2);
const u32le = (bytes: Uint8Array, at = 0) =>
  bytes[at]! + (bytes[at + 1]! << 8) + (bytes[at + 2]! << 16) + bytes[at + 3]! * 0x1000000;

/** The format `source`'s first bytes say it is, whatever its name. */
export function formatOf(source: ByteSource): PhotoFormat | undefined {
  if (source.size < 12) return undefined;
  const head = source.read(0, 12);
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (ascii(head.subarray(0, 8)) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(head.subarray(0, 4)) === 'RIFF' && ascii(head.subarray(8, 12)) === 'WEBP')
    return 'webp';
  if (ascii(head.subarray(4, 8)) === 'ftyp' && /^avi[fs]$/.test(ascii(head.subarray(8, 12))))
    return 'avif';
  return undefined;
}

/**
 * A JPEG's segments, each named by its marker (`FFE1`). With `header` alone, the walk stops at
 * the first scan, before the picture's data: metadata comes before it. Otherwise each scan runs
 * to the next marker, and the walk ends at the end of the image (anything after it is not the
 * photo); a scan cut short runs to the end of the file, as browsers show it.
 */
export function* jpegParts(source: ByteSource, { header = false } = {}): Generator<Part> {
  let at = 2;
  while (at < source.size) {
    const [fill, marker] = take(source, at, 2) as Uint8Array & [number, number];
    if (fill !== 0xff) throw new BrokenPhoto('Its JPEG segments are out of step.');
    if (marker === 0xff) {
      at += 1; // a fill byte before a marker
      continue;
    }
    const name = `FF${marker.toString(16).toUpperCase()}`;
    if (marker === 0xd9 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      yield { name, start: at, end: at + 2, data: at + 2, dataEnd: at + 2 };
      if (marker === 0xd9) return;
      at += 2;
      continue;
    }
    const length = u16(take(source, at + 2, 2));
    const end = at + 2 + length;
    if (length < 2 || end > source.size) throw cut();
    if (marker !== 0xda || header) {
      yield { name, start: at, end, data: at + 4, dataEnd: end };
      if (marker === 0xda) return;
      at = end;
      continue;
    }
    const scan = take(source, end, source.size - end);
    let next = 0;
    // In a scan, 0xFF is followed by 0x00 (a stuffed byte) or a restart marker; anything else ends it.
    while (next < scan.length - 1) {
      const after = scan[next + 1]!;
      if (scan[next] === 0xff && after !== 0x00 && after !== 0xff && (after < 0xd0 || after > 0xd7))
        break;
      next += 1;
    }
    const scanEnd = next < scan.length - 1 ? end + next : source.size;
    yield { name, start: at, end: scanEnd, data: at + 4, dataEnd: scanEnd };
    at = scanEnd;
  }
}

/** A PNG's chunks, named by type (`eXIf`), to IEND; anything after IEND is not the photo. */
export function* pngParts(source: ByteSource): Generator<Part> {
  let at = 8;
  while (at < source.size) {
    const head = take(source, at, 8);
    const length = u32(head);
    const end = at + 12 + length;
    if (end > source.size) throw cut();
    const name = ascii(head.subarray(4, 8));
    yield { name, start: at, end, data: at + 8, dataEnd: at + 8 + length };
    if (name === 'IEND') return;
    at = end;
  }
  throw cut();
}

/** A WebP's RIFF chunks, named by FourCC (`EXIF`, `XMP `), to the end the RIFF header gives. */
export function* webpParts(source: ByteSource): Generator<Part> {
  const riffEnd = 8 + u32le(take(source, 4, 4));
  if (riffEnd > source.size) throw cut();
  let at = 12;
  while (at < riffEnd) {
    const head = take(source, at, 8);
    const length = u32le(head, 4);
    // Each chunk's data is padded to an even length.
    const end = at + 8 + length + (length % 2);
    if (at + 8 + length > riffEnd) throw cut();
    yield {
      name: ascii(head.subarray(0, 4)),
      start: at,
      end: Math.min(end, riffEnd),
      data: at + 8,
      dataEnd: at + 8 + length,
    };
    at = end;
  }
}

/** The boxes of an ISOBMFF file (AVIF) between `from` and `to`, named by type (`meta`). */
export function* boxes(source: ByteSource, from: number, to: number): Generator<Part> {
  let at = from;
  while (at + 8 <= to) {
    const head = take(source, at, 8);
    let [size, data] = [u32(head), at + 8];
    if (size === 1) {
      const large = take(source, at + 8, 8);
      size = u32(large) * 0x100000000 + u32(large, 4);
      data += 8;
    } else if (size === 0) size = to - at;
    const end = at + size;
    if (size < data - at || end > to) throw cut();
    yield { name: ascii(head.subarray(4, 8)), start: at, end, data, dataEnd: end };
    at = end;
  }
}

// Which parts are metadata, for reading what a photo tells and for removing it.

const startsWith = (bytes: Uint8Array, text: string) =>
  bytes.length >= text.length && ascii(bytes.subarray(0, text.length)) === text;
export const EXIF = 'Exif\0\0';
const XMP = 'http://ns.adobe.com/xap/1.0/\0';
const XMP_EXTENSION = 'http://ns.adobe.com/xmp/extension/\0';
/** EXIF's TIFF, with or without the `Exif\0\0` some writers put before it. */
export const tiffOf = (bytes: Uint8Array) => (startsWith(bytes, EXIF) ? bytes.subarray(6) : bytes);

/** A JPEG APPn segment's kind, by its signature. */
export function jpegKind(source: ByteSource, part: Part): 'exif' | 'xmp' | 'keep' | 'drop' {
  const head = take(source, part.data, Math.min(part.dataEnd - part.data, 40));
  if (part.name === 'FFE1') {
    if (startsWith(head, EXIF)) return 'exif';
    return startsWith(head, XMP) || startsWith(head, XMP_EXTENSION) ? 'xmp' : 'drop';
  }
  if (part.name === 'FFE0') return 'keep'; // JFIF: pixel density, no metadata
  if (part.name === 'FFE2') return startsWith(head, 'ICC_PROFILE\0') ? 'keep' : 'drop';
  if (part.name === 'FFEE') return startsWith(head, 'Adobe') ? 'keep' : 'drop'; // colour transform
  return /^FFE[0-9A-F]$/.test(part.name) || part.name === 'FFFE' ? 'drop' : 'keep';
}

// PNG and WebP blocks that carry metadata: EXIF, XMP and text, and C2PA's content credentials.
export const PNG_METADATA = new Set(['eXIf', 'tEXt', 'iTXt', 'zTXt', 'caBX']);
export const WEBP_METADATA = new Set(['EXIF', 'XMP ', 'C2PA']);
