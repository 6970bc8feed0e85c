import type { ShownPhoto } from '@/lib/photos';
import { cn } from '@/lib/cn';
import { responsivePhoto } from '@/lib/images';

type Frame = {
  /** Tailwind class fixing the shape, so the frame holds its size before the photo loads. */
  aspect: string;
  /** Width divided by height, matching `aspect`. */
  ratio: number;
  /** Widest the photo is ever shown, in CSS pixels; caps the srcset. */
  maxWidth: number;
  /** The `sizes` attribute: how wide the photo is shown at each breakpoint. */
  sizes: string;
};

/** Every place a photo appears, with its shape and how wide it is shown. */
export const photoFrames = {
  recipeCard: {
    aspect: 'aspect-4/3',
    ratio: 4 / 3,
    maxWidth: 480,
    sizes: '(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw',
  },
  todaysSpecial: {
    aspect: 'aspect-4/3',
    ratio: 4 / 3,
    maxWidth: 640,
    sizes: '(min-width: 1280px) 600px, (min-width: 1024px) 50vw, (min-width: 512px) 32rem, 100vw',
  },
  postCard: {
    aspect: 'aspect-3/2',
    ratio: 3 / 2,
    maxWidth: 480,
    sizes: '(min-width: 1280px) 300px, (min-width: 768px) 50vw, 100vw',
  },
  leadPost: {
    aspect: 'aspect-16/10',
    ratio: 16 / 10,
    maxWidth: 720,
    sizes: '(min-width: 1024px) 50vw, 100vw',
  },
  postThumbnail: {
    aspect: 'aspect-square',
    ratio: 1,
    maxWidth: 160,
    sizes: '(min-width: 640px) 10rem, 7rem',
  },
  portrait: {
    aspect: 'aspect-square',
    ratio: 1,
    maxWidth: 400,
    sizes: '(min-width: 1024px) 380px, (min-width: 768px) 33vw, 100vw',
  },
} as const satisfies Record<string, Frame>;

type Props = {
  photo: ShownPhoto;
  /** Where the photo appears. */
  frame: keyof typeof photoFrames;
  /** The page's largest above-the-fold photo loads eagerly at high priority. */
  priority?: boolean;
  className?: string;
};

/**
 * A photo in a fixed-shape frame that shows a warm placeholder if the photo never loads.
 * Stock photos are sized by the photo service; a writer's own photo comes from Astro's image
 * pipeline as AVIF and WebP at the widths this frame can use.
 */
export function Photo({ photo, frame: place, priority = false, className }: Props) {
  const { aspect, ratio, maxWidth, sizes } = photoFrames[place];
  const loading = {
    sizes,
    alt: photo.alt,
    loading: priority ? 'eager' : 'lazy',
    decoding: 'async',
    fetchPriority: priority ? 'high' : 'auto',
  } as const;
  const box = { width: maxWidth, height: Math.round(maxWidth / ratio) };

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
    <div className={cn('photo-frame', aspect, className)}>
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
