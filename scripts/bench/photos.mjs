// A stand-in for the stock-photo host (images.unsplash.com), so Lighthouse can measure LCP with
// a real image download on an offline machine.
//
// - Photos: photo-like pictures (soft shapes, gradients and grain) encoded by Chromium's own
//   canvas encoder as JPEG and WebP, at each width the site asks for (3:2, like a landscape
//   photo), tuned to a fixed number of bytes per pixel (see BYTES_PER_PIXEL): WebP ≈ 62 KB at
//   800 px wide, 23 KB at 480, 250 KB at 1600. Several variants per width so pages do not show one
//   photo everywhere. Cached in .bench/photos/ (delete it after changing the settings).
// - Server: HTTPS (HTTP/2, with HTTP/1.1 fallback, as the real CDN) with a self-signed
//   certificate for images.unsplash.com (made with openssl), answering any /photo-… path with
//   the width requested (?w=…). Like the real service's auto=format it sends WebP to browsers
//   that accept it and JPEG otherwise.
// Chromium reaches it with --host-resolver-rules="MAP images.unsplash.com 127.0.0.1:PORT" and
// --ignore-certificate-errors.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createSecureServer } from 'node:http2';
import { join } from 'node:path';
import { PHOTO_HOST } from './measure.mjs';

/** Widths the site requests (src/lib/images.ts photoWidths), plus the default. */
export const PHOTO_WIDTHS = [320, 480, 640, 800, 1200, 1600];
const VARIANTS = 4;
// Bytes per pixel: JPEG like a q≈70 stock photo; WebP (what Chromium gets, as from the real
// service's auto=format) a third smaller, below Lighthouse's 1/6 B/px "compress more" threshold,
// as the CDN's modern formats are. At 800×533: JPEG ≈ 92 KB, WebP ≈ 62 KB.
const BYTES_PER_PIXEL = { jpg: 0.22, webp: 0.15 };

/** A self-signed certificate for the photo host; returns { key, cert } (PEM). */
export function ensureCert(dir) {
  mkdirSync(dir, { recursive: true });
  const key = join(dir, 'photo-host.key');
  const cert = join(dir, 'photo-host.crt');
  if (!existsSync(key) || !existsSync(cert)) {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-sha256',
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

const FORMATS = { jpg: 'image/jpeg', webp: 'image/webp' };
const fileName = (width, variant, ext = 'jpg') => `photo-w${width}-v${variant}.${ext}`;

/**
 * Generates the photo set in `dir` unless it is already there, using a Playwright Browser.
 * @param {import('playwright-core').Browser} browser
 * @param {string} dir
 */
export async function ensurePhotos(browser, dir) {
  mkdirSync(dir, { recursive: true });
  const missing = [];
  for (const w of PHOTO_WIDTHS) {
    for (let v = 0; v < VARIANTS; v += 1) {
      for (const ext of Object.keys(FORMATS)) {
        if (!existsSync(join(dir, fileName(w, v, ext)))) missing.push([w, v, ext]);
      }
    }
  }
  if (missing.length === 0) return;
  const page = await browser.newPage();
  try {
    for (const [width, variant, ext] of missing) {
      const mime = FORMATS[ext];
      const height = Math.round((width * 2) / 3);
      const target = width * height * BYTES_PER_PIXEL[ext];
      // The grain amplitude decides the size; search it so each file lands near the target.
      const dataUrl = await page.evaluate(
        async ({ width, height, variant, target, mime }) => {
          let seed = 12345 + variant * 7919;
          const rand = () => {
            seed = (seed * 1103515245 + 12345) % 2147483648;
            return seed / 2147483648;
          };
          const canvas = document.createElement('canvas');
          canvas.width = width;
          canvas.height = height;
          const ctx = canvas.getContext('2d');
          if (!ctx) throw new Error('no 2d context');
          const palettes = [
            ['#7c2d12', '#ea580c', '#fde68a', '#365314', '#f5f5f4'],
            ['#1f2937', '#b91c1c', '#f59e0b', '#fef3c7', '#4d7c0f'],
            ['#3f2a1d', '#a16207', '#fcd34d', '#e7e5e4', '#9a3412'],
            ['#0f172a', '#15803d', '#facc15', '#fb923c', '#fafaf9'],
          ];
          const colors = palettes[variant % palettes.length];
          const draw = () => {
            const bg = ctx.createLinearGradient(0, 0, width, height);
            bg.addColorStop(0, colors[0]);
            bg.addColorStop(1, colors[3]);
            ctx.fillStyle = bg;
            ctx.fillRect(0, 0, width, height);
            for (let i = 0; i < 60; i += 1) {
              const x = rand() * width;
              const y = rand() * height;
              const r = (0.03 + rand() * 0.25) * width;
              const g = ctx.createRadialGradient(x, y, r * 0.1, x, y, r);
              g.addColorStop(0, colors[Math.floor(rand() * colors.length)]);
              g.addColorStop(1, 'rgba(0,0,0,0)');
              ctx.globalAlpha = 0.35 + rand() * 0.5;
              ctx.fillStyle = g;
              ctx.beginPath();
              ctx.ellipse(x, y, r, r * (0.5 + rand()), rand() * Math.PI, 0, Math.PI * 2);
              ctx.fill();
            }
            ctx.globalAlpha = 1;
          };
          draw();
          const base = ctx.getImageData(0, 0, width, height);
          const noise = new Float32Array(width * height);
          for (let i = 0; i < noise.length; i += 1) noise[i] = rand() - 0.5;
          const encode = (amp) => {
            const img = new ImageData(new Uint8ClampedArray(base.data), width, height);
            for (let i = 0; i < noise.length; i += 1) {
              const n = noise[i] * amp;
              img.data[i * 4] += n;
              img.data[i * 4 + 1] += n;
              img.data[i * 4 + 2] += n;
            }
            ctx.putImageData(img, 0, 0);
            return canvas.toDataURL(mime, 0.72);
          };
          const size = (url) => Math.floor(((url.length - url.indexOf(',') - 1) * 3) / 4);
          let lo = 0;
          let hi = 160;
          let best = encode(hi);
          for (let i = 0; i < 9; i += 1) {
            const mid = (lo + hi) / 2;
            const url = encode(mid);
            if (size(url) < target) lo = mid;
            else hi = mid;
            if (Math.abs(size(url) - target) < Math.abs(size(best) - target)) best = url;
          }
          return best;
        },
        { width, height, variant, target, mime },
      );
      if (!dataUrl.startsWith(`data:${mime}`)) throw new Error(`Chromium cannot encode ${mime}`);
      writeFileSync(
        join(dir, fileName(width, variant, ext)),
        Buffer.from(dataUrl.split(',')[1], 'base64'),
      );
    }
  } finally {
    await page.close();
  }
}

/**
 * Serves the photo set over HTTPS on 127.0.0.1. Any /photo-… path gets a JPEG at the width
 * asked for (the nearest generated width at or above it). Resolves with { port, hits, close }.
 * @param {string} photoDir
 * @param {{ key: Buffer, cert: Buffer }} tls
 */
export function servePhotos(photoDir, tls) {
  const files = new Map();
  for (const f of readdirSync(photoDir)) {
    const m = f.match(/^photo-w(\d+)-v(\d+)\.(jpg|webp)$/);
    if (m) files.set(`${m[1]}-${m[2]}.${m[3]}`, readFileSync(join(photoDir, f)));
  }
  const stats = { hits: 0, bytes: 0 };
  const server = createSecureServer({ ...tls, allowHTTP1: true }, (req, res) => {
    const url = new URL(req.url ?? '/', `https://${PHOTO_HOST}`);
    if (!url.pathname.startsWith('/photo-')) {
      res.writeHead(404).end();
      return;
    }
    const asked = Number(url.searchParams.get('w')) || 1080;
    const width = PHOTO_WIDTHS.find((w) => w >= asked) ?? PHOTO_WIDTHS.at(-1);
    const variant = createHash('md5').update(url.pathname).digest()[0] % VARIANTS;
    const ext = /image\/webp/.test(String(req.headers.accept ?? '')) ? 'webp' : 'jpg';
    const body = files.get(`${width}-${variant}.${ext}`);
    if (!body) {
      res.writeHead(500).end();
      return;
    }
    stats.hits += 1;
    stats.bytes += body.length;
    res.writeHead(200, {
      'content-type': FORMATS[ext],
      'content-length': body.length,
      vary: 'accept',
      'cache-control': 'public, max-age=31536000',
      'access-control-allow-origin': '*',
      'timing-allow-origin': '*',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  const sessions = new Set();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  server.on('connection', (socket) => {
    sessions.add(socket);
    socket.on('close', () => sessions.delete(socket));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        port,
        stats,
        close: () =>
          new Promise((r) => {
            for (const s of sessions) s.destroy();
            server.close(() => r(undefined));
          }),
      });
    });
  });
}

/** Sizes of the generated photos, for the report. */
export function photoSizes(photoDir, ext = 'webp') {
  return PHOTO_WIDTHS.map((w) => {
    const sizes = [];
    for (let v = 0; v < VARIANTS; v += 1) {
      const f = join(photoDir, fileName(w, v, ext));
      if (existsSync(f)) sizes.push(readFileSync(f).length);
    }
    return { width: w, minKB: Math.min(...sizes) / 1024, maxKB: Math.max(...sizes) / 1024 };
  });
}
