import { reference, type SchemaContext } from 'astro:content';
import { z } from 'astro/zod';
import { calendarDay, draft, text } from './fields';
import { photoSchema } from './photo';
import { difficulties, recipeCategories } from './vocabulary';

/** True when `value` has at most one decimal place (4.8 yes, 4.85 no). */
const hasOneDecimal = (value: number) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9;

export const recipeSchema = (context: SchemaContext) =>
  z.strictObject({
    /** Dish name shown as the card heading. */
    title: text(),
    /** One or two sentences that sell the dish on its card. */
    description: text(),
    /** Cuisine or kind of dish; one of the fixed recipe categories. */
    category: z.enum(recipeCategories),
    /** How hard the dish is to cook: Easy, Medium or Hard. Sets the badge colour. */
    difficulty: z.enum(difficulties),
    /** Average reader rating from 0 to 5 with at most one decimal, e.g. 4.8. */
    rating: z
      .number()
      .min(0)
      .max(5)
      .refine(hasOneDecimal, 'Use at most one decimal place, e.g. 4.8'),
    /** How many readers rated it; shown beside the rating and used in search results. */
    ratingCount: z.number().int().positive(),
    /** Minutes from start to table, a whole number; shown as "35 min" or "1 hr 15 min". */
    totalMinutes: z.number().int().positive(),
    /** How many people the recipe feeds, a whole number; shown as "4 servings". */
    servings: z.number().int().positive(),
    /** Hero photo of the finished dish, with alt text. */
    image: photoSchema(context),
    /** Show on the home page's Featured Recipes. Defaults to false. */
    featured: z.boolean().default(false),
    /** First publication day, e.g. 2025-03-12. Newest first; a future day is scheduled. */
    publishDate: calendarDay(),
    /** Who wrote the recipe; the id of a team member (the file name in src/content/team). */
    author: reference('team'),
    /** Shopping list, one line per ingredient with its quantity, e.g. "400 g spaghetti". */
    ingredients: z.array(text()).min(1, 'List at least one ingredient'),
    /** Method, one step per entry, in cooking order. */
    steps: z.array(text()).min(1, 'List at least one step'),
    /** Work in progress: shown by `npm run dev`, left out of the built site. Defaults to false. */
    draft: draft(),
  });
