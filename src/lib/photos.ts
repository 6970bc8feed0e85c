import type { ImageMetadata } from 'astro';
import type { Photo } from '@/schemas/photo';

/** Widths offered to the browser; the photo service resizes on the fly. */
export const photoWidths = [320, 400, 480, 560, 640, 720, 800, 960, 1200, 1600] as const;

/** The photo at a given width, cropped and in the best format the browser accepts. */
export function photoUrl(src: string, width: number): string {
  const url = new URL(src);
  const params = { auto: 'format', fit: 'crop', w: String(width), q: '70' };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/** `src` and `srcset` for a photo shown at most `maxWidth` CSS pixels wide, up to 2x density. */
export function responsivePhoto(url: string, maxWidth: number) {
  const widths = photoWidths.filter((w) => w <= maxWidth * 2);
  return {
    src: photoUrl(url, maxWidth),
    srcSet: widths.map((w) => `${photoUrl(url, w)} ${w}w`).join(', '),
  };
}

/** A writer's own photo, rendered by Astro's image pipeline at every width a card may ask for. */
type LocalPhoto = {
  kind: 'local';
  /** WebP at a middle width, for browsers that ignore `<source>`. */
  fallback: string;
  /** The original's size, which fixes the aspect ratio of the `width`/`height` attributes. */
  width: number;
  height: number;
  /** AVIF first, then WebP; each candidate is one width. */
  sources: { type: `image/${'avif' | 'webp'}`; candidates: { url: string; width: number }[] }[];
};

/** A photo as the cards show it: a stock-photo URL sized per card, or a built local photo. */
export type PreparedPhoto = Pick<Photo, 'alt' | 'credit'> &
  ({ kind: 'remote'; url: string } | LocalPhoto);

const formats = ['avif', 'webp'] as const;

async function renderLocal(original: ImageMetadata): Promise<LocalPhoto> {
  // Imported here so content with only stock photos never loads the image service.
  const { getImage } = await import('astro:assets');
  const fitting = photoWidths.filter((w) => w <= original.width);
  const widths: number[] = fitting.length ? fitting : [original.width];
  const sources = await Promise.all(
    formats.map(async (format) => ({
      type: `image/${format}` as const,
      candidates: await Promise.all(
        widths.map(async (width) => ({
          url: (await getImage({ src: original, width, format })).src,
          width,
        })),
      ),
    })),
  );
  const middle = widths[Math.floor(widths.length / 2)] ?? original.width;
  const fallback = (await getImage({ src: original, width: middle, format: 'webp' })).src;
  return { kind: 'local', fallback, width: original.width, height: original.height, sources };
}

/**
 * The photo at about 1,200 px wide, as a full address: for link previews, structured data and
 * feeds, which are read away from the page. A local photo is its built file on `site`.
 */
export function previewUrl(photo: PreparedPhoto, site: URL): string {
  if (photo.kind === 'remote') return photoUrl(photo.url, 1200);
  const webp = photo.sources.find((source) => source.type === 'image/webp')?.candidates ?? [];
  const path = (webp.findLast((c) => c.width <= 1200) ?? webp[0])?.url ?? photo.fallback;
  return new URL(path, site).href;
}

/** Prepares an entry's photo for the cards. */
export async function preparePhoto({ src, alt, credit }: Photo): Promise<PreparedPhoto> {
  const prepared =
    typeof src === 'string' ? { kind: 'remote' as const, url: src } : await renderLocal(src);
  return { ...prepared, alt, ...(credit && { credit }) };
}
