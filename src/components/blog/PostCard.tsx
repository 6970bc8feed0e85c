import { Calendar, MessageCircle, UserRound } from 'lucide-react';
import type { PostSummary } from '@/lib/content';
import { cn } from '@/lib/cn';
import { clickableCard } from '@/components/ui/card';
import { formatComments, formatDate, formatReadTime, isoDate } from '@/lib/format';
import { Photo } from '@/components/ui/Photo';
import { StatusBadge } from '@/components/ui/StatusBadge';

type Props = {
  post: PostSummary;
  /** "feature" is the large lead story on the home page; "compact" sits beside it. */
  variant?: 'grid' | 'feature' | 'compact';
  /** The first card on a page is above the fold; its photo loads first. */
  priority?: boolean;
  className?: string;
};

/** A blog post teaser. Post pages do not exist yet, so reading shows the not-implemented notice. */
export function PostCard({ post, variant = 'grid', priority = false, className }: Props) {
  const { data } = post;
  const compact = variant === 'compact';
  return (
    <article
      id={post.id}
      data-notice="notImplemented"
      className={cn(clickableCard, compact ? 'flex-row' : 'flex-col', className)}
    >
      <Photo
        photo={post.photo}
        shape={compact ? '1/1' : variant === 'feature' ? '16/10' : '3/2'}
        maxWidth={compact ? 160 : variant === 'feature' ? 720 : 480}
        sizes={
          compact
            ? '(min-width: 640px) 10rem, 7rem'
            : variant === 'feature'
              ? '(min-width: 1024px) 50vw, 100vw'
              : '(min-width: 1280px) 300px, (min-width: 768px) 50vw, 100vw'
        }
        priority={priority}
        className={cn(compact && 'w-28 shrink-0 sm:w-40')}
      />
      <div className={cn('flex flex-1 flex-col gap-2.5', compact ? 'p-4 sm:p-5' : 'p-6')}>
        <p className="flex items-center gap-2 text-xs font-bold tracking-wider text-brand-700 uppercase">
          {data.category}
          <StatusBadge status={post.status} />
        </p>
        <h3
          className={cn(
            'leading-snug font-semibold',
            variant === 'feature'
              ? 'text-2xl sm:text-3xl'
              : compact
                ? 'text-base sm:text-lg'
                : 'text-xl',
          )}
        >
          {data.title}
        </h3>
        <p
          className={cn(
            'text-sm leading-relaxed text-stone-600',
            compact ? 'line-clamp-2 max-sm:hidden' : 'line-clamp-3',
          )}
        >
          {data.excerpt}
        </p>
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
          {!compact && <li>{formatReadTime(post.readingMinutes)}</li>}
        </ul>
        {!compact && (
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
