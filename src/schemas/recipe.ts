import { reference, type SchemaContext } from 'astro:content';
import { z } from 'astro/zod';
import { calendarDay, draft, paragraph, text } from './fields';
import { photoSchema } from './photo';
import { difficulties, recipeCategories } from './vocabulary';

/** A whole number of at least 1. */
const count = () => z.number().int().positive();

export const recipeSchema = (context: SchemaContext) =>
  z.strictObject({
    title: text().meta({ description: 'Dish name shown as the card heading.' }),
    description: paragraph().meta({
      description: 'One or two sentences that sell the dish on its card.',
    }),
    category: z.enum(recipeCategories).meta({
      description: 'Cuisine or kind of dish; one of the fixed recipe categories.',
    }),
    difficulty: z.enum(difficulties).meta({
      description: 'How hard the dish is to cook: Easy, Medium or Hard. Sets the badge colour.',
    }),
    rating: z
      .number()
      .min(0)
      .max(5)
      .multipleOf(0.1, 'Use at most one decimal place, e.g. 4.8')
      .meta({
        description: 'Average reader rating from 0 to 5 with at most one decimal, e.g. 4.8.',
      }),
    ratingCount: count().meta({
      description: 'How many readers rated it; shown beside the rating and used in search results.',
    }),
    totalMinutes: count().meta({
      description:
        'Minutes from start to table, a whole number; shown as "35 min" or "1 hr 15 min".',
    }),
    servings: count().meta({
      description: 'How many people the recipe feeds, a whole number; shown as "4 servings".',
    }),
    image: photoSchema(context).meta({
      description: 'Hero photo of the finished dish, with alt text.',
    }),
    featured: z
      .boolean()
      .default(false)
      .meta({ description: "Show on the home page's Featured Recipes. Defaults to false." }),
    publishDate: calendarDay().meta({
      description:
        'First publication day, e.g. 2025-03-12. Newest first; a future day is scheduled.',
    }),
    author: reference('team').meta({
      description:
        'Who wrote the recipe; the id of a team member (the file name in src/content/team).',
    }),
    ingredients: z
      .array(text().meta({ title: 'Ingredient' }))
      .min(1, 'List at least one ingredient')
      .meta({
        description:
          'Shopping list, one line per ingredient with its quantity, e.g. "400 g spaghetti".',
      }),
    steps: z
      .array(paragraph().meta({ title: 'Step' }))
      .min(1, 'List at least one step')
      .meta({ description: 'Method, one step per entry, in cooking order.' }),
    draft: draft(),
  });
