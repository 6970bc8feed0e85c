/**
 * What a photo tells besides its picture, and the photo without it. A phone writes where a photo
 * was taken (a GPS position) and which camera took it (its serial number) into the file; a
 * repository keeps both for anyone who reads it. `photoFacts` finds them, reading only the file's
 * structure and metadata; `cleanPhoto` removes every metadata block losslessly: the picture's
 * bytes are kept as they are, and so is which way up it is shown (an orientation-only EXIF in
 * place of the old one). Used by the web editor's uploads, the engine's check and
 * `npm run photos:clean`; plain TypeScript, no DOM and no Node module.
 */
import { BrokenPhoto, exifFacts, orientationOnly, type ExifFacts } from './exif.ts';
import { avifItems, blankItem, itemBytes } from './photo-avif.ts';
import {
  ascii,
  formatOf,
  inMemory,
  jpegParts,
  pngParts,
  take,
  u32,
  webpParts,
  type ByteSource,
  type Part,
  type PhotoFormat,
} from './photo-parts.ts';

export { inMemory, type ByteSource };

/** What a photo tells besides its picture. */
export type PhotoFacts = { format: PhotoFormat } & Omit<ExifFacts, 'makerNotes'>;

/** A photo cleaned: its bytes (the very bytes given when there was nothing to remove), or why it could not be. */
export type Cleaned =
  | { ok: true; format: PhotoFormat; bytes: Uint8Array; removed: boolean }
  | { ok: false; problem: string };

const startsWith = (bytes: Uint8Array, text: string) =>
  bytes.length >= text.length && ascii(bytes.subarray(0, text.length)) === text;
const EXIF = 'Exif\0\0';
const XMP = 'http://ns.adobe.com/xap/1.0/\0';
const XMP_EXTENSION = 'http://ns.adobe.com/xmp/extension/\0';
/** EXIF's TIFF, with or without the `Exif\0\0` some writers put before it. */
const tiffOf = (bytes: Uint8Array) => (startsWith(bytes, EXIF) ? bytes.subarray(6) : bytes);

const none: ExifFacts = { orientation: 1, position: false, serial: false, makerNotes: false };

/** What XMP text says: its GPS tags, and its serial numbers and owner's name (`aux:SerialNumber`). */
const xmpFacts = (text: string): ExifFacts => ({
  ...none,
  position: /GPS(Dest)?(Latitude|Longitude)/.test(text),
  serial: /SerialNumber|OwnerName/.test(text),
});

/** The facts of several blocks as one: the first orientation given, any position or serial. */
const joined = (facts: ExifFacts[]): ExifFacts => ({
  orientation: facts.find((each) => each.orientation !== 1)?.orientation ?? 1,
  position: facts.some((each) => each.position),
  serial: facts.some((each) => each.serial || each.makerNotes),
  makerNotes: false,
});

/** A JPEG APPn segment's kind, by its signature. */
function jpegKind(source: ByteSource, part: Part): 'exif' | 'xmp' | 'keep' | 'drop' {
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
const PNG_METADATA = new Set(['eXIf', 'tEXt', 'iTXt', 'zTXt', 'caBX']);
const WEBP_METADATA = new Set(['EXIF', 'XMP ', 'C2PA']);

const utf8 = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** zlib data inflated; undefined when it is not zlib. */
async function inflate(bytes: Uint8Array): Promise<Uint8Array | undefined> {
  try {
    const stream = new Blob([bytes as Uint8Array<ArrayBuffer>])
      .stream()
      .pipeThrough(new DecompressionStream('deflate'));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch {
    return undefined;
  }
}

/** A PNG text chunk's keyword and text, inflated when compressed. */
async function pngText(name: string, data: Uint8Array) {
  const end = data.indexOf(0);
  const keyword = ascii(data.subarray(0, end));
  if (name === 'tEXt') return { keyword, text: ascii(data.subarray(end + 1)) };
  if (name === 'zTXt')
    return { keyword, text: ascii((await inflate(data.subarray(end + 2))) ?? new Uint8Array()) };
  // iTXt: a compression flag and method, a language tag and a translated keyword, then UTF-8.
  const language = data.indexOf(0, end + 3);
  const text = data.subarray(data.indexOf(0, language + 1) + 1);
  return {
    keyword,
    text: utf8(data[end + 1] ? ((await inflate(text)) ?? new Uint8Array()) : text),
  };
}

/** A PNG text chunk's facts: ImageMagick's "Raw profile type exif" is EXIF written as hex. */
async function pngTextFacts(name: string, data: Uint8Array): Promise<ExifFacts> {
  const { keyword, text } = await pngText(name, data);
  if (!/^Raw profile type (exif|APP1)$/i.test(keyword)) return xmpFacts(text);
  // "\nexif\n   <length>\n<hex>": the hex after the third line break.
  const hex = text.split('\n').slice(3).join('').replace(/\s/g, '');
  const bytes = Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
  return exifFacts(tiffOf(bytes));
}

/** The facts of each metadata block of the photo in `source`. */
async function factsOf(source: ByteSource, format: PhotoFormat): Promise<ExifFacts[]> {
  const data = (part: Part) => take(source, part.data, part.dataEnd - part.data);
  if (format === 'avif') {
    return avifItems(source).map((item) => {
      const bytes = itemBytes(source, item);
      if (item.kind === 'xmp') return xmpFacts(utf8(bytes));
      const offset = bytes.length >= 4 ? u32(bytes) : 0;
      // An AVIF's orientation is its own property; its EXIF's is not used.
      return { ...exifFacts(bytes.subarray(4 + offset)), orientation: 1 };
    });
  }
  if (format === 'jpeg') {
    return [...jpegParts(source, { header: true })].flatMap((part) => {
      const kind = jpegKind(source, part);
      if (kind === 'exif') return [exifFacts(data(part).subarray(6))];
      if (kind === 'xmp' || (kind === 'drop' && part.name === 'FFED'))
        return [xmpFacts(ascii(data(part)))];
      return [];
    });
  }
  const parts = format === 'png' ? pngParts(source) : webpParts(source);
  const facts: ExifFacts[] = [];
  for (const part of parts) {
    if (part.name === 'eXIf' || part.name === 'EXIF') facts.push(exifFacts(tiffOf(data(part))));
    else if (part.name === 'XMP ') facts.push(xmpFacts(utf8(data(part))));
    else if (PNG_METADATA.has(part.name) && part.name !== 'caBX')
      facts.push(await pngTextFacts(part.name, data(part)));
  }
  return facts;
}

/**
 * What the photo in `source` tells besides its picture, from its structure and metadata only (a
 * JPEG's segments before its picture, a PNG's or WebP's chunk headers and metadata chunks, an
 * AVIF's items). Undefined when it is none of the formats above; a problem in words when it
 * cannot be read.
 */
export async function photoFacts(
  source: ByteSource,
): Promise<PhotoFacts | { problem: string } | undefined> {
  const format = formatOf(source);
  if (!format) return undefined;
  try {
    const { orientation, position, serial } = joined(await factsOf(source, format));
    return { format, orientation, position, serial };
  } catch (error) {
    if (error instanceof BrokenPhoto) return { problem: error.message };
    throw error;
  }
}

/** The orientation the first EXIF block gives; 1 if it gives none or cannot be read. */
function orientationIn(tiff: Uint8Array | undefined): number {
  try {
    return tiff ? exifFacts(tiff).orientation : 1;
  } catch {
    return 1;
  }
}

const joinBytes = (parts: Uint8Array[]) => {
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  parts.reduce((at, part) => (bytes.set(part, at), at + part.length), 0);
  return bytes;
};

const bigEndian = (value: number) =>
  Uint8Array.of(value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255);
const littleEndian = (value: number) => bigEndian(value).reverse();

/** CRC-32 as PNG computes it over a chunk's type and data. */
function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** The JPEG with only its picture and how to show it: JFIF, the colour profile, Adobe's colour transform. */
function cleanJpeg(source: ByteSource): Uint8Array {
  const pieces = [take(source, 0, 2)];
  let exifSeen = false;
  for (const part of jpegParts(source)) {
    const kind = jpegKind(source, part);
    if (kind === 'keep') pieces.push(take(source, part.start, part.end - part.start));
    if (kind !== 'exif' || exifSeen) continue;
    exifSeen = true;
    const turn = orientationIn(take(source, part.data + 6, part.dataEnd - part.data - 6));
    if (turn === 1) continue;
    const exif = joinBytes([new TextEncoder().encode(EXIF), orientationOnly(turn)]);
    pieces.push(Uint8Array.of(0xff, 0xe1, (exif.length + 2) >> 8, (exif.length + 2) & 255), exif);
  }
  return joinBytes(pieces);
}

/** The PNG without EXIF, XMP or text chunks; its orientation, if any, in an eXIf of its own. */
function cleanPng(source: ByteSource): Uint8Array {
  const pieces = [take(source, 0, 8)];
  let exifSeen = false;
  for (const part of pngParts(source)) {
    if (!PNG_METADATA.has(part.name)) {
      pieces.push(take(source, part.start, part.end - part.start));
      continue;
    }
    if (part.name !== 'eXIf' || exifSeen) continue;
    exifSeen = true;
    const turn = orientationIn(tiffOf(take(source, part.data, part.dataEnd - part.data)));
    if (turn === 1) continue;
    const chunk = joinBytes([new TextEncoder().encode('eXIf'), orientationOnly(turn)]);
    pieces.push(bigEndian(chunk.length - 4), chunk, bigEndian(crc32(chunk)));
  }
  return joinBytes(pieces);
}

/** The WebP without EXIF or XMP chunks, its header's flags and size to match. */
function cleanWebp(source: ByteSource): Uint8Array {
  const pieces: Uint8Array[] = [];
  let exifKept = false;
  let exifSeen = false;
  for (const part of webpParts(source)) {
    if (!WEBP_METADATA.has(part.name)) {
      pieces.push(take(source, part.start, part.end - part.start).slice());
      continue;
    }
    if (part.name !== 'EXIF' || exifSeen) continue;
    exifSeen = true;
    const turn = orientationIn(tiffOf(take(source, part.data, part.dataEnd - part.data)));
    if (turn === 1) continue;
    const tiff = orientationOnly(turn);
    pieces.push(new TextEncoder().encode('EXIF'), littleEndian(tiff.length), tiff);
    exifKept = true;
  }
  const [first] = pieces;
  // VP8X's flags say which chunks follow: EXIF is 0x08, XMP 0x04.
  if (first && ascii(first.subarray(0, 4)) === 'VP8X')
    first[8] = (first[8]! & ~0x0c) | (exifKept ? 0x08 : 0);
  const body = joinBytes(pieces);
  return joinBytes([
    new TextEncoder().encode('RIFF'),
    littleEndian(body.length + 4),
    take(source, 8, 4),
    body,
  ]);
}

/** The AVIF with its EXIF and XMP items blanked where they are, so no offset moves. */
function cleanAvif(source: ByteSource): Uint8Array {
  const bytes = take(source, 0, source.size).slice();
  for (const item of avifItems(source)) {
    const blank = blankItem(
      item.kind,
      item.extents.reduce((sum, { length }) => sum + length, 0),
    );
    let at = 0;
    for (const { offset, length } of item.extents) {
      bytes.set(blank.subarray(at, at + length), offset);
      at += length;
    }
  }
  return bytes;
}

const cleaners = { jpeg: cleanJpeg, png: cleanPng, webp: cleanWebp, avif: cleanAvif };

const same = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((byte, at) => byte === b[at]);

/**
 * The photo without its metadata: no position, no serial number, no camera maker's notes, no
 * XMP, text or comments. The picture's bytes stay as they are, and its orientation is kept. A
 * photo with nothing to remove comes back as the very same bytes; one that cannot be read comes
 * back as a problem in words, and is not changed.
 */
export function cleanPhoto(bytes: Uint8Array): Cleaned {
  const source = inMemory(bytes);
  const format = formatOf(source);
  if (!format) return { ok: false, problem: 'It is not a JPEG, PNG, WebP or AVIF photo.' };
  try {
    const cleaned = cleaners[format](source);
    return same(cleaned, bytes)
      ? { ok: true, format, bytes, removed: false }
      : { ok: true, format, bytes: cleaned, removed: true };
  } catch (error) {
    if (error instanceof BrokenPhoto) return { ok: false, problem: error.message };
    throw error;
  }
}
