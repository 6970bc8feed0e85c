import type { PreparedPhoto } from '@/lib/photos';
import { cn } from '@/lib/cn';
import { responsivePhoto } from '@/lib/photos';

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

/*
 * Every `sizes` below is the frame's rendered width at each breakpoint, worked out from the layout
 * it sits in: a max-w-7xl container (80rem) padded 1rem, 1.5rem from sm and 2rem from lg, split
 * into grid columns. On a phone the photo is the page width less the padding, not 100vw, so the
 * browser fetches no more pixels than the screen shows. An end-to-end test checks each one
 * against the rendered page at seven widths; change it when the layout changes.
 */

/** One column of the page container, below md (or lg, for frames that stay full width longer). */
const oneColumn = '(min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)';
/** Half the container, less half of a 2rem gap, from md to xl. */
const twoColumns = '(min-width: 1024px) calc(50vw - 3rem), (min-width: 768px) calc(50vw - 2.5rem)';

/** Every place a photo appears, with its shape and how wide it is shown. */
export const photoFrames = {
  /** Grids of 1, 2 (md) and 3 (xl) columns, 2rem apart. */
  recipeCard: {
    aspect: 'aspect-4/3',
    ratio: 4 / 3,
    maxWidth: 720,
    sizes: `(min-width: 1280px) 384px, ${twoColumns}, ${oneColumn}`,
  },
  /** Beside the hero's text from lg; at most 32rem wide below it. */
  todaysSpecial: {
    aspect: 'aspect-4/3',
    ratio: 4 / 3,
    maxWidth: 584,
    sizes:
      '(min-width: 1280px) 584px, (min-width: 1024px) calc(50vw - 3.5rem), (min-width: 544px) 32rem, calc(100vw - 2rem)',
  },
  /** The /blog grid: 1, 2 (md) and 4 (xl) columns, 2rem apart. */
  postCard: {
    aspect: 'aspect-3/2',
    ratio: 3 / 2,
    maxWidth: 720,
    sizes: `(min-width: 1280px) 280px, ${twoColumns}, ${oneColumn}`,
  },
  /** The home page's lead post: full width, then half from lg, 1.5rem from its neighbours. */
  leadPost: {
    aspect: 'aspect-16/10',
    ratio: 16 / 10,
    maxWidth: 976,
    sizes: `(min-width: 1280px) 596px, (min-width: 1024px) calc(50vw - 2.75rem), ${oneColumn}`,
  },
  postThumbnail: {
    aspect: 'aspect-square',
    ratio: 1,
    maxWidth: 160,
    sizes: '(min-width: 640px) 10rem, 7rem',
  },
  /** The about page's team: 1, then 3 columns (md), 2rem apart. */
  portrait: {
    aspect: 'aspect-square',
    ratio: 1,
    maxWidth: 720,
    sizes: `(min-width: 1280px) 384px, (min-width: 1024px) calc(33.33vw - 2.67rem), (min-width: 768px) calc(33.33vw - 2.33rem), ${oneColumn}`,
  },
} as const satisfies Record<string, Frame>;

type Props = {
  photo: PreparedPhoto;
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
    image = <img {...responsivePhoto(photo.url, maxWidth)} {...box} {...loading} />;
  } else {
    // 2x the widest display covers high-density screens; larger files would never be chosen.
    image = (
      <picture>
        {photo.sources.map(({ type, candidates }) => (
          <source
            key={type}
            type={type}
            sizes={sizes}
            srcSet={candidates
              .filter((c, index) => c.width <= maxWidth * 2 || index === 0)
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
