import type { RemoteImage } from '@/schemas/image';
import { cn } from '@/lib/cn';
import { responsivePhoto } from '@/lib/images';

const frames = {
  '4/3': { className: 'aspect-4/3', ratio: 4 / 3 },
  '3/2': { className: 'aspect-3/2', ratio: 3 / 2 },
  '16/10': { className: 'aspect-16/10', ratio: 16 / 10 },
  '1/1': { className: 'aspect-square', ratio: 1 },
} as const;

type Props = {
  image: RemoteImage;
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

/** A stock photo in a fixed-shape frame that shows a warm placeholder if the photo never loads. */
export function Photo({ image, sizes, maxWidth, shape, priority = false, className }: Props) {
  const { src, srcSet } = responsivePhoto(image, maxWidth);
  const frame = frames[shape];
  return (
    <div className={cn('photo-frame', frame.className, className)}>
      <img
        src={src}
        srcSet={srcSet}
        sizes={sizes}
        alt={image.alt}
        width={maxWidth}
        height={Math.round(maxWidth / frame.ratio)}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        fetchPriority={priority ? 'high' : 'auto'}
      />
    </div>
  );
}
