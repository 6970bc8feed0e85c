import { Calendar, MessageCircle, UserRound } from 'lucide-react';
import type { PostSummary } from '@/queries/content';
import { cn } from '@/lib/cn';
import { clickableCard } from '@/components/ui/card';
import { formatComments, formatDate, formatReadTime, isoDate } from '@/lib/format';
import { Photo, type photoFrames } from '@/components/ui/Photo';
import { StateBadge } from '@/components/ui/StateBadge';

/** A card in a grid (/blog); the other kinds differ from it as they say. */
const grid = {
  direction: 'flex-col',
  photo: 'postCard',
  photoWidth: '',
  body: 'p-6',
  title: 'text-xl',
  excerpt: 'line-clamp-3',
  readMore: true,
} as const;

/** How each kind of post card looks. */
const variants = {
  grid,
  /** The large lead story on the home page. */
  feature: { ...grid, photo: 'leadPost', title: 'text-2xl sm:text-3xl' },
  /** A short row beside the lead story: a thumbnail, and no read time or Read More. */
  compact: {
    direction: 'flex-row',
    photo: 'postThumbnail',
    photoWidth: 'w-28 shrink-0 sm:w-40',
    body: 'p-4 sm:p-5',
    title: 'text-base sm:text-lg',
    excerpt: 'line-clamp-2 max-sm:hidden',
    readMore: false,
  },
} as const satisfies Record<string, { photo: keyof typeof photoFrames; [key: string]: unknown }>;

type Props = {
  post: PostSummary;
  variant?: keyof typeof variants;
  /** The first card on a page is above the fold; its photo loads first. */
  priority?: boolean;
  className?: string;
};

/** A blog post teaser. Post pages do not exist yet, so reading shows the not-implemented notice. */
export function PostCard({ post, variant = 'grid', priority = false, className }: Props) {
  const { data } = post;
  const look = variants[variant];
  return (
    <article
      id={post.id}
      data-notice="notImplemented"
      className={cn(clickableCard, look.direction, className)}
    >
      <Photo
        photo={post.photo}
        frame={look.photo}
        priority={priority}
        className={look.photoWidth}
      />
      <div className={cn('flex flex-1 flex-col gap-2.5', look.body)}>
        <p className="flex items-center gap-2 text-xs font-bold tracking-wider text-brand-700 uppercase">
          {data.category}
          <StateBadge state={post.state} />
        </p>
        <h3 className={cn('leading-snug font-semibold', look.title)}>{data.title}</h3>
        <p className={cn('text-sm leading-relaxed text-stone-600', look.excerpt)}>{data.excerpt}</p>
        <ul className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1.5 pt-2 text-xs text-stone-600">
          <li className="flex items-center gap-1.5">
            <UserRound className="size-3.5" aria-hidden="true" />
            <span className="sr-only">By </span>
            {post.author.data.name}
          </li>
          <li className="flex items-center gap-1.5">
            <Calendar className="size-3.5" aria-hidden="true" />
            <time dateTime={isoDate(data.publishDate)}>{formatDate(data.publishDate)}</time>
          </li>
          <li className="flex items-center gap-1.5">
            <MessageCircle className="size-3.5" aria-hidden="true" />
            {formatComments(data.comments)}
          </li>
          {look.readMore && <li>{formatReadTime(post.readingMinutes)}</li>}
        </ul>
        {look.readMore && (
          <button
            type="button"
            data-notice="notImplemented"
            className="mt-2 self-start rounded-full text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            Read More<span className="sr-only">: {data.title}</span>
          </button>
        )}
      </div>
    </article>
  );
}
