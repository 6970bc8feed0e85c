/**
 * A photo without what it tells besides its picture. A phone writes where a photo was taken (a
 * GPS position) and which camera took it (its serial number) into the file; a repository keeps
 * both for anyone who reads it. `cleanPhoto` removes every metadata block losslessly: the
 * picture's bytes are kept as they are, and so is which way up it is shown (an orientation-only
 * EXIF in place of the old one). What a photo tells is read by photo-facts.ts. Used by the web
 * editor's uploads and `npm run photos:clean`; plain TypeScript, no DOM and no Node module.
 */
import { BrokenPhoto, exifFacts, orientationOnly } from './exif.ts';
import { avifItems, blankItem } from './photo-avif.ts';
import {
  ascii,
  EXIF,
  formatOf,
  inMemory,
  jpegKind,
  jpegParts,
  PNG_METADATA,
  pngParts,
  take,
  tiffOf,
  WEBP_METADATA,
  webpParts,
  type ByteSource,
  type PhotoFormat,
} from './photo-parts.ts';

/** A photo cleaned: its bytes (the very bytes given when there was nothing to remove), or why it could not be. */
export type Cleaned =
  | { ok: true; format: PhotoFormat; bytes: Uint8Array; removed: boolean }
  | { ok: false; problem: string };

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
