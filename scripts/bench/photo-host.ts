import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createSecureServer } from 'node:http2';
import { join } from 'node:path';
import sharp from 'sharp';
import { photoWidths } from '../../src/lib/photos.ts';
import { PHOTO_HOST } from '../lib/page-weight.ts';

/**
 * A stand-in for the stock-photo host, so Lighthouse can time a real photo download on a machine
 * without internet. Chromium reaches it with
 * `--host-resolver-rules="MAP images.unsplash.com 127.0.0.1:PORT" --ignore-certificate-errors`.
 *
 * The service is imgix, and the site asks with `auto=format`: imgix then answers in AVIF when the
 * browser's Accept header allows it, else WebP, else the original's JPEG (imgix's `fm` and `auto`
 * documentation). Chromium accepts AVIF, so that is what a visitor's phone downloads.
 */

/**
 * Bytes per pixel of a typical stock photo at the quality the site asks for (q=70), in the order
 * the service prefers them. imgix puts AVIF at up to 30% lighter than WebP; we count 20%.
 */
const BYTES_PER_PIXEL = { avif: 0.12, webp: 0.15, jpeg: 0.22 } as const;
type Format = keyof typeof BYTES_PER_PIXEL;
const FORMATS = Object.keys(BYTES_PER_PIXEL) as Format[];

/** The service's first choice that the browser accepts; JPEG, the originals' format, otherwise. */
const bestFormat = (accept: string): Format =>
  FORMATS.find((format) => accept.includes(`image/${format}`)) ?? 'jpeg';

/** A photo-like picture, 3:2, with soft colour and grain, close to the usual size in bytes. */
async function photo(width: number, format: Format): Promise<Buffer> {
  const height = Math.round((width * 2) / 3);
  const grain = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#c2410c',
      noise: { type: 'gaussian', mean: 120, sigma: 50 },
    },
  }).blur(1.5);
  const target = width * height * BYTES_PER_PIXEL[format];
  const encode = (quality: number) =>
    grain
      .clone()
      [format](format === 'avif' ? { quality, effort: 2 } : { quality })
      .toBuffer();
  // The quality decides the size; search for the one closest to the target.
  let [low, high] = [1, 100];
  while (high - low > 1) {
    const middle = Math.round((low + high) / 2);
    if ((await encode(middle)).length > target) high = middle;
    else low = middle;
  }
  return encode(low);
}

/** A self-signed certificate for the photo host, made once with openssl. */
function certificate(dir: string) {
  const [key, cert] = [join(dir, 'photo-host.key'), join(dir, 'photo-host.crt')];
  if (!existsSync(cert)) {
    mkdirSync(dir, { recursive: true });
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '3650',
        '-keyout',
        key,
        '-out',
        cert,
        '-subj',
        `/CN=${PHOTO_HOST}`,
        '-addext',
        `subjectAltName=DNS:${PHOTO_HOST}`,
      ],
      { stdio: 'ignore' },
    );
  }
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

export type PhotoHost = {
  port: number;
  sizes: { width: number; avifKB: number; webpKB: number }[];
  close: () => void;
};

/**
 * Serves photos over HTTPS and HTTP/2 like the real service: any /photo-… path, at the width
 * asked for (`?w=`, the next width the site uses), in the best format the browser accepts.
 */
export async function servePhotos(certificateDir: string): Promise<PhotoHost> {
  const photos = new Map<string, Buffer>();
  for (const width of photoWidths) {
    for (const format of FORMATS) photos.set(`${width}.${format}`, await photo(width, format));
  }
  const server = createSecureServer(
    { ...certificate(certificateDir), allowHTTP1: true },
    (request, response) => {
      const url = new URL(request.url ?? '/', `https://${PHOTO_HOST}`);
      const asked = Number(url.searchParams.get('w')) || 1080;
      const width = photoWidths.find((w) => w >= asked) ?? photoWidths.at(-1);
      const format = bestFormat(String(request.headers.accept));
      const body = url.pathname.startsWith('/photo-') && photos.get(`${width}.${format}`);
      if (!body) return void response.writeHead(404).end();
      response
        .writeHead(200, {
          'content-type': `image/${format}`,
          'cache-control': 'public, max-age=31536000',
          vary: 'accept',
        })
        .end(body);
    },
  );
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as { port: number }).port,
        sizes: photoWidths.map((width) => ({
          width,
          avifKB: photos.get(`${width}.avif`)!.length / 1024,
          webpKB: photos.get(`${width}.webp`)!.length / 1024,
        })),
        close: () => server.close(),
      }),
    ),
  );
}
