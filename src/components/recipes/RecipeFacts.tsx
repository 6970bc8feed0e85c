import { Clock, Star, Users } from 'lucide-react';
import type { Recipe } from '@/queries/content';
import { formatMinutes, formatRating, formatServings } from '@/lib/format';

type Fact = 'time' | 'servings' | 'rating';

type Props = {
  recipe: Recipe['data'];
  /** Which facts to show, in order. */
  facts: readonly Fact[];
  className?: string;
};

/** A recipe's time, servings and rating as an icon list, each labelled for screen readers. */
export function RecipeFacts({ recipe, facts, className }: Props) {
  const items: Record<Fact, React.ReactNode> = {
    time: (
      <>
        <Clock className="size-4 text-brand-700" aria-hidden="true" />
        <span className="sr-only">Time: </span>
        {formatMinutes(recipe.totalMinutes)}
      </>
    ),
    servings: (
      <>
        <Users className="size-4 text-brand-700" aria-hidden="true" />
        {formatServings(recipe.servings)}
      </>
    ),
    rating: (
      <>
        <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden="true" />
        <span className="sr-only">Rating: </span>
        {formatRating(recipe.rating)}{' '}
        <span className="font-normal text-stone-500">
          ({recipe.ratingCount}
          <span className="sr-only"> ratings</span>)
        </span>
      </>
    ),
  };
  return (
    <ul className={className}>
      {facts.map((fact) => (
        <li key={fact} className="flex items-center gap-1.5">
          {items[fact]}
        </li>
      ))}
    </ul>
  );
}
