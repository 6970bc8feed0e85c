/**
 * The fixed lists writers choose from. Kept free of Astro imports so scripts such as
 * `npm run new` can read them too.
 */

export const recipeCategories = [
  'Italian',
  'Thai',
  'French',
  'Japanese',
  'Mexican',
  'Healthy',
  'American',
  'Dessert',
] as const;

export const difficulties = ['Easy', 'Medium', 'Hard'] as const;

export type Difficulty = (typeof difficulties)[number];

export const blogCategories = [
  'Cooking Tips',
  'Culture',
  'Sustainability',
  'Photography',
  'Baking',
  'Vegan',
] as const;
