/**
 * EXIF as a photo carries it: a little TIFF file of tagged values. What the site needs of it is
 * whether it tells where the photo was taken or which camera took it, and which way up the photo
 * is shown; and, to keep that last one, a minimal EXIF holding the orientation alone. Plain
 * TypeScript: no DOM and no Node module, so the web editor and Node run the same code.
 */

/** A photo file that does not hold together, with what is wrong in a writer's words. */
export class BrokenPhoto extends Error {
  override name = 'BrokenPhoto';
}

/** What an EXIF block says that matters here. */
export type ExifFacts = {
  /** 1 to 8; 1 when no orientation is given (shown as stored). */
  orientation: number;
  /** A GPS latitude or longitude (of the photo, or of where the camera pointed). */
  position: boolean;
  /** The camera's or lens's serial number, or its owner's name. */
  serial: boolean;
  /** The maker's own notes, where cameras keep serial numbers of their own. */
  makerNotes: boolean;
};

const TAG = {
  orientation: 0x0112,
  exifIfd: 0x8769,
  gpsIfd: 0x8825,
  dngSerial: 0xc62f,
  gpsLatitude: 0x0002,
  gpsLongitude: 0x0004,
  gpsDestLatitude: 0x0014,
  gpsDestLongitude: 0x0016,
  makerNote: 0x927c,
  ownerName: 0xa430,
  bodySerial: 0xa431,
  lensSerial: 0xa435,
} as const;

// Every IFD of a real photo has a few dozen entries; more than this is a broken count.
const MAX_ENTRIES = 1000;

/** The tags of one IFD at `offset` of `tiff`, each with the 4 bytes of its value field. */
function ifd(tiff: DataView, offset: number, little: boolean): Map<number, number> {
  if (offset < 8 || offset + 2 > tiff.byteLength) throw new BrokenPhoto('Its EXIF is cut short.');
  const count = tiff.getUint16(offset, little);
  if (count > MAX_ENTRIES || offset + 2 + count * 12 > tiff.byteLength)
    throw new BrokenPhoto('Its EXIF is cut short.');
  const tags = new Map<number, number>();
  for (let entry = offset + 2; entry < offset + 2 + count * 12; entry += 12) {
    const [tag, type] = [tiff.getUint16(entry, little), tiff.getUint16(entry + 2, little)];
    // A SHORT's value sits in the first two bytes of the field; other types are read as LONG.
    const value =
      type === 3 ? tiff.getUint16(entry + 8, little) : tiff.getUint32(entry + 8, little);
    tags.set(tag, value);
  }
  return tags;
}

/** What the EXIF in `bytes` (a TIFF header and its IFDs) says; throws BrokenPhoto if it cannot be read. */
export function exifFacts(bytes: Uint8Array): ExifFacts {
  const tiff = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (tiff.byteLength < 8) throw new BrokenPhoto('Its EXIF is cut short.');
  const order = tiff.getUint16(0);
  if (order !== 0x4949 && order !== 0x4d4d) throw new BrokenPhoto('Its EXIF is not TIFF.');
  const little = order === 0x4949;
  const first = ifd(tiff, tiff.getUint32(4, little), little);
  const inner = (pointer: number) => {
    const offset = first.get(pointer);
    return offset === undefined ? new Map<number, number>() : ifd(tiff, offset, little);
  };
  const [exif, gps] = [inner(TAG.exifIfd), inner(TAG.gpsIfd)];
  const orientation = first.get(TAG.orientation) ?? 1;
  return {
    orientation: orientation >= 1 && orientation <= 8 ? orientation : 1,
    position: [TAG.gpsLatitude, TAG.gpsLongitude, TAG.gpsDestLatitude, TAG.gpsDestLongitude].some(
      (tag) => gps.has(tag),
    ),
    serial:
      first.has(TAG.dngSerial) ||
      [TAG.bodySerial, TAG.lensSerial, TAG.ownerName].some((tag) => exif.has(tag)),
    makerNotes: exif.has(TAG.makerNote),
  };
}

/**
 * A TIFF whose only tag is the orientation: what stays of a photo's EXIF so that it is shown the
 * way up it was taken. Big-endian, always the same bytes for the same orientation.
 */
export function orientationOnly(orientation: number): Uint8Array {
  // prettier-ignore
  return Uint8Array.of(
    0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08, // "MM", 42, IFD0 at 8
    0x00, 0x01, // one entry
    0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00, // Orientation, SHORT × 1
    0x00, 0x00, 0x00, 0x00, // no next IFD
  );
}
