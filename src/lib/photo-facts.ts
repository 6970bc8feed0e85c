/**
 * What a photo tells besides its picture: whether its file holds a GPS position (where it was
 * taken) or a camera's serial number, and which way up it is shown. Read from the file's
 * structure and metadata only, never its picture, so the engine's check reads a large photo in a
 * few small pieces. The photo without them is `cleanPhoto` (photo-metadata.ts). Plain
 * TypeScript: no DOM and no Node module.
 */
import { BrokenPhoto, exifFacts, type ExifFacts } from './exif.ts';
import { avifItems, itemBytes } from './photo-avif.ts';
import {
  ascii,
  formatOf,
  jpegKind,
  jpegParts,
  PNG_METADATA,
  pngParts,
  take,
  tiffOf,
  u32,
  webpParts,
  type ByteSource,
  type Part,
  type PhotoFormat,
} from './photo-parts.ts';

/** What a photo tells besides its picture. */
export type PhotoFacts = { format: PhotoFormat } & Omit<ExifFacts, 'makerNotes'>;

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
