import type { RecipeSummary } from '@/queries/content';
import { RecipeFacts } from './RecipeFacts';

type Props = { recipe: RecipeSummary };

/**
 * A recipe as a feed reader shows it, below its photo: the description, the card's facts
 * (time, servings, rating), the ingredients as a list and the steps in order. Rendered to
 * static HTML for /recipes/rss.xml, never on a page.
 */
export function RecipeFeedBody({ recipe: { data } }: Props) {
  return (
    <>
      <p>{data.description}</p>
      <RecipeFacts recipe={data} facts={['time', 'servings', 'rating']} />
      <h2>Ingredients</h2>
      <ul>
        {data.ingredients.map((ingredient, index) => (
          <li key={index}>{ingredient}</li>
        ))}
      </ul>
      <h2>Steps</h2>
      <ol>
        {data.steps.map((step, index) => (
          <li key={index}>{step}</li>
        ))}
      </ol>
    </>
  );
}
