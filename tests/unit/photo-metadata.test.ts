/**
 * A photo's position and camera serial removed, losslessly (src/lib/photo-metadata.ts): photos
 * made by sharp with the metadata a phone writes, cleaned, and checked with sharp and with the
 * bytes themselves: the unique strings written into the metadata are gone, the picture's bytes
 * and decoded pixels are the same, and the orientation is kept.
 */
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photoFacts } from '@/lib/photo-facts';
import { cleanPhoto } from '@/lib/photo-metadata';
import { inMemory } from '@/lib/photo-parts';

// Unique strings in the metadata, to look for in the bytes afterwards.
const SERIAL = 'SN-4815162342';
const DATUM = 'WGS-84-WRITERS-HOME';
const phoneExif = {
  IFD0: { Make: 'Phone', Model: 'P1' },
  IFD2: { BodySerialNumber: SERIAL, LensSerialNumber: 'LENS-99' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '51/1 30/1 1234/100',
    GPSLongitudeRef: 'W',
    GPSLongitude: '0/1 7/1 39/1',
    GPSMapDatum: DATUM,
  },
};
const xmp =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:aux="http://ns.adobe.com/exif/1.0/aux/"' +
  ` exif:GPSLatitude="51,30.2N" aux:SerialNumber="${SERIAL}"/></rdf:RDF></x:xmpmeta>`;

const picture = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#c0623a' } });

const has = (bytes: Uint8Array, text: string) => Buffer.from(bytes).includes(text);

/** The cleaned bytes, failing the test if the photo could not be cleaned. */
function cleaned(bytes: Uint8Array) {
  const result = cleanPhoto(bytes);
  if (!result.ok) throw new Error(result.problem);
  return result;
}

const facts = (bytes: Uint8Array) => photoFacts(inMemory(bytes));

/** The pixels as sharp decodes them, without turning the photo. */
const pixels = (bytes: Uint8Array) => sharp(bytes).raw().toBuffer();

/** A JPEG's markers, in order, and its picture: the bytes from its first scan to its end. */
function jpegLayout(bytes: Uint8Array) {
  const view = Buffer.from(bytes);
  const markers: string[] = [];
  let at = 2;
  while (view[at] === 0xff && view[at + 1] !== 0xda) {
    const name = view[at + 1]!.toString(16).toUpperCase();
    markers.push(
      name === 'E1' || name === 'E2' ? `${name}:${view.toString('latin1', at + 4, at + 8)}` : name,
    );
    at += 2 + view.readUInt16BE(at + 2);
  }
  return { markers, picture: view.subarray(at, view.lastIndexOf(Buffer.of(0xff, 0xd9)) + 2) };
}

/** A PNG's or WebP's chunks, each as its type and its bytes. */
function chunks(bytes: Uint8Array) {
  const view = Buffer.from(bytes);
  const png = view.toString('latin1', 1, 4) === 'PNG';
  const found: { type: string; bytes: Buffer }[] = [];
  for (let at = png ? 8 : 12; at < view.length;) {
    const length = png ? view.readUInt32BE(at) : view.readUInt32LE(at + 4);
    const type = view.toString('latin1', png ? at + 4 : at, png ? at + 8 : at + 4);
    const end = at + (png ? 12 : 8) + length + (png ? 0 : length % 2);
    found.push({ type, bytes: view.subarray(at, end) });
    at = end;
  }
  return found;
}

/** A PNG chunk of `type` holding `data`, with its CRC as zlib computes it. */
function pngChunk(type: string, data: Buffer) {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  return Buffer.concat([length, body, crc]);
}
const crc32 = (bytes: Buffer) => {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
};

describe('a JPEG from a phone', async () => {
  const original = await picture()
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif(phoneExif)
    .withXmp(xmp)
    .toBuffer();

  it('tells its position, serial number and orientation', async () => {
    expect(await facts(original)).toEqual({
      format: 'jpeg',
      orientation: 6,
      position: true,
      serial: true,
    });
    expect(has(original, SERIAL) && has(original, DATUM)).toBe(true);
  });

  it('is cleaned of its position and serial, keeping orientation 6, its colour profile and its picture byte for byte', async () => {
    const { bytes, removed } = cleaned(original);
    expect(removed).toBe(true);
    expect(await facts(bytes)).toEqual({
      format: 'jpeg',
      orientation: 6,
      position: false,
      serial: false,
    });
    expect([has(bytes, SERIAL), has(bytes, DATUM), has(bytes, 'GPSLatitude')]).toEqual([
      false,
      false,
      false,
    ]);
    const [before, after] = [jpegLayout(original), jpegLayout(bytes)];
    expect(after.picture.equals(before.picture)).toBe(true);
    expect(after.markers).toEqual(['E1:Exif', 'E2:ICC_', 'DB', 'DB', 'C0', 'C4', 'C4', 'C4', 'C4']);
    const metadata = await sharp(bytes).metadata();
    expect([metadata.orientation, metadata.hasProfile]).toEqual([6, true]);
    expect((await pixels(bytes)).equals(await pixels(original))).toBe(true);
  });

  it('comes back as the same bytes when cleaned again', () => {
    const once = cleaned(original).bytes;
    const twice = cleaned(once);
    expect([twice.removed, twice.bytes]).toEqual([false, once]);
  });

  it('keeps no EXIF at all when it is shown as stored', async () => {
    const upright = await picture().jpeg().withExif(phoneExif).toBuffer();
    const { bytes } = cleaned(upright);
    expect(jpegLayout(bytes).markers).not.toContain('E1:Exif');
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
  });

  it('loses what follows its end, where phones append more pictures with their own metadata', async () => {
    const appended = Buffer.concat([original, original]);
    const { bytes } = cleaned(appended);
    expect(bytes).toEqual(cleaned(original).bytes);
  });
});

describe('a PNG', async () => {
  const original = await picture()
    .png()
    .withMetadata({ orientation: 6 })
    .withExif(phoneExif)
    .withXmp(xmp)
    .toBuffer();
  // ImageMagick writes EXIF as hex in a text chunk; other tools write XMP in iTXt or a comment.
  const { exif } = await sharp(await picture().jpeg().withExif(phoneExif).toBuffer()).metadata();
  const hexExif = Buffer.from(`\nexif\n      ${exif!.length}\n${exif!.toString('hex')}\n`);
  const texts = {
    tEXt: pngChunk('tEXt', Buffer.from('Comment\0taken at GPSLatitude 51.5')),
    zTXt: pngChunk(
      'zTXt',
      Buffer.concat([Buffer.from('Raw profile type exif\0\0'), deflateSync(hexExif)]),
    ),
    iTXt: pngChunk('iTXt', Buffer.from(`XML:com.adobe.xmp\0\0\0\0\0${xmp}`)),
  };
  const plain = await picture().png().toBuffer();
  /** `png` with `added` chunks after its header. */
  const withChunks = (png: Buffer, ...added: Buffer[]) => {
    const header = chunks(png)[0]!.bytes;
    return Buffer.concat([png.subarray(0, 8), header, ...added, png.subarray(8 + header.length)]);
  };

  it('tells its position and serial number, from eXIf and from each kind of text chunk', async () => {
    expect(await facts(original)).toMatchObject({ position: true, serial: true, orientation: 6 });
    for (const [type, chunk] of Object.entries(texts)) {
      const alone = withChunks(plain, chunk);
      expect(await facts(alone), type).toMatchObject({ position: true });
      expect(await facts(cleaned(alone).bytes), type).toMatchObject({ position: false });
    }
  });

  it('is cleaned of eXIf, tEXt, iTXt and zTXt, keeping orientation 6 and every other chunk byte for byte', async () => {
    const full = withChunks(original, ...Object.values(texts));
    const { bytes } = cleaned(full);
    expect(await facts(bytes)).toEqual({
      format: 'png',
      orientation: 6,
      position: false,
      serial: false,
    });
    const [before, after] = [chunks(full), chunks(bytes)];
    expect(after.map((chunk) => chunk.type)).toEqual([
      'IHDR',
      'iCCP',
      'eXIf',
      'pHYs',
      'IDAT',
      'IEND',
    ]);
    const others = (list: typeof before) =>
      list.filter((chunk) => !['eXIf', 'tEXt', 'iTXt', 'zTXt'].includes(chunk.type));
    expect(others(after)).toEqual(others(before));
    expect([has(bytes, SERIAL), has(bytes, DATUM), has(bytes, 'GPS')]).toEqual([
      false,
      false,
      false,
    ]);
    expect((await sharp(bytes).metadata()).orientation).toBe(6);
    expect((await pixels(bytes)).equals(await pixels(full))).toBe(true);
  });
});

describe('a WebP', async () => {
  const original = await picture()
    .webp({ lossless: true })
    .withMetadata({ orientation: 6 })
    .withExif(phoneExif)
    .withXmp(xmp)
    .toBuffer();

  it('is cleaned of its EXIF and XMP chunks, keeping orientation 6, its picture chunk byte for byte, and a header that says so', async () => {
    expect(await facts(original)).toMatchObject({ position: true, serial: true, orientation: 6 });
    const { bytes } = cleaned(original);
    expect(await facts(bytes)).toEqual({
      format: 'webp',
      orientation: 6,
      position: false,
      serial: false,
    });
    const [before, after] = [chunks(original), chunks(bytes)];
    expect(after.map((chunk) => chunk.type)).toEqual(['VP8X', 'ICCP', 'VP8L', 'EXIF']);
    for (const type of ['ICCP', 'VP8L'])
      expect(after.find((chunk) => chunk.type === type)).toEqual(
        before.find((chunk) => chunk.type === type),
      );
    // VP8X's flags: the colour profile (0x20) and EXIF (0x08) set, XMP (0x04) not.
    expect(after[0]!.bytes[8]! & 0x2c).toBe(0x28);
    expect(Buffer.from(bytes).readUInt32LE(4)).toBe(bytes.length - 8);
    expect([has(bytes, SERIAL), has(bytes, DATUM), has(bytes, 'GPS')]).toEqual([
      false,
      false,
      false,
    ]);
    expect((await sharp(bytes).metadata()).orientation).toBe(6);
    expect((await pixels(bytes)).equals(await pixels(original))).toBe(true);
  });
});

describe('an AVIF', async () => {
  const original = await picture().avif().withExif(phoneExif).withXmp(xmp).toBuffer();

  it('has its EXIF and XMP items blanked where they are, every other byte the same', async () => {
    expect(await facts(original)).toMatchObject({ format: 'avif', position: true, serial: true });
    const { bytes } = cleaned(original);
    expect(await facts(bytes)).toEqual({
      format: 'avif',
      orientation: 1,
      position: false,
      serial: false,
    });
    expect(bytes.length).toBe(original.length);
    expect([has(bytes, SERIAL), has(bytes, DATUM), has(bytes, 'GPS')]).toEqual([
      false,
      false,
      false,
    ]);
    expect((await pixels(bytes)).equals(await pixels(original))).toBe(true);
  });
});

describe('a photo with nothing to remove, or that cannot be read', () => {
  it.each(['jpeg', 'png', 'webp', 'avif'] as const)(
    'a %s without metadata comes back as the very same bytes',
    async (format) => {
      const plain = await picture()[format]().toBuffer();
      const result = cleaned(plain);
      expect([result.removed, result.bytes]).toEqual([false, plain]);
      expect(await facts(plain)).toEqual({
        format,
        orientation: 1,
        position: false,
        serial: false,
      });
    },
  );

  it('a JPEG cut off part way through its metadata is left as it is, with the reason in words', async () => {
    const whole = await picture().jpeg().withExif(phoneExif).toBuffer();
    const cut = whole.subarray(0, 200);
    expect(cleanPhoto(cut)).toEqual({
      ok: false,
      problem: 'The file ends part way through: it may not have finished copying.',
    });
    expect(await facts(cut)).toEqual({
      problem: 'The file ends part way through: it may not have finished copying.',
    });
  });

  it('a JPEG cut off part way through its picture is still cleaned, as browsers still show it', async () => {
    const whole = await picture(640, 480).jpeg().withExif(phoneExif).toBuffer();
    const { bytes } = cleaned(whole.subarray(0, whole.length - 100));
    expect([has(bytes, SERIAL), has(bytes, DATUM)]).toEqual([false, false]);
  });

  it('EXIF whose counts point outside it, and files that are no photo, are problems, not exceptions', async () => {
    const whole = Buffer.from(await picture().jpeg().withExif(phoneExif).toBuffer());
    // The first IFD's entry count, just after "Exif\0\0" and the 8-byte TIFF header.
    const broken = Buffer.from(whole);
    broken.writeUInt16BE(0xffff, whole.indexOf('Exif') + 6 + 8);
    expect(await facts(broken)).toEqual({ problem: 'Its EXIF is cut short.' });
    expect(cleaned(broken).removed).toBe(true);
    expect(cleanPhoto(Buffer.from('not a photo at all'))).toEqual({
      ok: false,
      problem: 'It is not a JPEG, PNG, WebP or AVIF photo.',
    });
    expect(await facts(Buffer.from('not a photo at all'))).toBeUndefined();
  });
});
