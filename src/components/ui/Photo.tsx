import type { ShownPhoto } from '@/lib/photos';
import { cn } from '@/lib/cn';
import { responsivePhoto } from '@/lib/images';

const frames = {
  '4/3': { className: 'aspect-4/3', ratio: 4 / 3 },
  '3/2': { className: 'aspect-3/2', ratio: 3 / 2 },
  '16/10': { className: 'aspect-16/10', ratio: 16 / 10 },
  '1/1': { className: 'aspect-square', ratio: 1 },
} as const;

type Props = {
  photo: ShownPhoto;
  /** The `sizes` attribute: how wide the photo is shown at each breakpoint. */
  sizes: string;
  /** Widest the photo is ever shown, in CSS pixels; caps the srcset. */
  maxWidth: number;
  /** Shape of the frame; it holds its size before the photo loads, so nothing shifts. */
  shape: keyof typeof frames;
  /** The page's largest above-the-fold photo loads eagerly at high priority. */
  priority?: boolean;
  className?: string;
};

/**
 * A photo in a fixed-shape frame that shows a warm placeholder if the photo never loads.
 * Stock photos are sized by the photo service; a writer's own photo comes from Astro's image
 * pipeline as AVIF and WebP at the widths this frame can use.
 */
export function Photo({ photo, sizes, maxWidth, shape, priority = false, className }: Props) {
  const frame = frames[shape];
  const loading = {
    sizes,
    alt: photo.alt,
    loading: priority ? 'eager' : 'lazy',
    decoding: 'async',
    fetchPriority: priority ? 'high' : 'auto',
  } as const;
  const box = { width: maxWidth, height: Math.round(maxWidth / frame.ratio) };

  let image;
  if (photo.kind === 'remote') {
    const { src, srcSet } = responsivePhoto(photo.url, maxWidth);
    image = <img src={src} srcSet={srcSet} {...box} {...loading} />;
  } else {
    // 2x the widest display covers high-density screens; larger files would never be chosen.
    const fits = ({ width }: { width: number }) => width <= maxWidth * 2;
    image = (
      <picture>
        {photo.sources.map(({ type, candidates }) => (
          <source
            key={type}
            type={type}
            sizes={sizes}
            srcSet={candidates
              .filter((c, index) => fits(c) || index === 0)
              .map((c) => `${c.url} ${c.width}w`)
              .join(', ')}
          />
        ))}
        <img src={photo.fallback} {...box} {...loading} />
      </picture>
    );
  }

  return (
    <div className={cn('photo-frame', frame.className, className)}>
      {image}
      {photo.credit && (
        <small className="absolute right-2 bottom-2 rounded-full bg-black/55 px-2 py-0.5 text-[0.6875rem] text-white">
          Photo:{' '}
          {photo.credit.url ? (
            <a href={photo.credit.url} className="underline">
              {photo.credit.name}
            </a>
          ) : (
            photo.credit.name
          )}
        </small>
      )}
    </div>
  );
}
