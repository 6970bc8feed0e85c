import { Heart } from 'lucide-react';
import type { RecipeSummary } from '@/queries/content';
import { cn } from '@/lib/cn';
import { clickableCard } from '@/components/ui/card';
import { Photo } from '@/components/ui/Photo';
import { DifficultyBadge } from './DifficultyBadge';
import { RecipeFacts } from './RecipeFacts';
import { StateBadge } from '@/components/ui/StateBadge';

type Props = {
  recipe: RecipeSummary;
  /** The first card on a page is the likely LCP on phones; its photo loads first. */
  priority?: boolean;
  className?: string;
};

/**
 * A recipe teaser. There are no recipe pages yet, so the card, its favourite button and
 * View Recipe all show the not-implemented notice through the shared `data-notice` handler.
 */
export function RecipeCard({ recipe, priority = false, className }: Props) {
  const { id, data, photo, state } = recipe;
  return (
    <article
      id={id}
      data-notice="notImplemented"
      className={cn(clickableCard, 'flex-col', className)}
    >
      <div className="relative">
        <Photo
          photo={photo}
          frame="recipeCard"
          priority={priority}
          className="transition-transform duration-500 group-hover:scale-[1.03] motion-reduce:transform-none"
        />
        <span className="absolute top-4 left-4 rounded-full bg-white/95 px-3 py-1 text-xs font-bold text-brand-800 shadow-sm">
          {data.category}
        </span>
        <StateBadge state={state} className="absolute bottom-4 left-4" />
        <button
          type="button"
          data-notice="notImplemented"
          aria-label={`Add ${data.title} to favorites`}
          className="absolute top-3 right-3 grid size-10 place-items-center rounded-full bg-white/95 text-stone-600 shadow-sm transition-colors hover:text-brand-700"
        >
          <Heart className="size-5" aria-hidden="true" />
        </button>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-6">
        <h3 className="text-xl leading-snug font-semibold">{data.title}</h3>
        <p className="line-clamp-2 text-sm leading-relaxed text-stone-600">{data.description}</p>
        <RecipeFacts
          recipe={data}
          facts={['time', 'servings', 'rating']}
          className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-2 pt-2 text-sm text-stone-600"
        />
        <div className="flex items-center justify-between gap-3 border-t border-stone-100 pt-4">
          <DifficultyBadge level={data.difficulty} />
          <button
            type="button"
            data-notice="notImplemented"
            className="rounded-full px-3 py-1.5 text-sm font-semibold text-brand-700 transition-colors hover:bg-brand-50"
          >
            View Recipe
          </button>
        </div>
      </div>
    </article>
  );
}
