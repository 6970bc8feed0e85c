/** What a phone writes into a photo, for the tests that check it is taken out again. */

/** The camera's serial number, unique enough to look for in a file's bytes. */
export const SERIAL = 'SN-4815162342';

/** EXIF as sharp's `withExif()` takes it: the camera, its serial, and where the photo was taken. */
export const phoneExif = {
  IFD0: { Make: 'Phone', Model: 'P1' },
  IFD2: { BodySerialNumber: SERIAL },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '51/1 30/1 1234/100',
    GPSLongitudeRef: 'W',
    GPSLongitude: '0/1 7/1 39/1',
  },
};
