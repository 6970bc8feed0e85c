/**
 * The fixed choices writers pick from. Kept free of Astro imports so scripts such as
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

/** The notices a stubbed action can show; their texts are in src/components/islands/NoticeToaster.tsx. */
export const noticeIds = ['notImplemented', 'filtersNotImplemented', 'messageSent'] as const;

export type NoticeId = (typeof noticeIds)[number];

/** Social networks the footer has a button for. */
export const socialNetworks = ['Facebook', 'Instagram', 'Twitter', 'YouTube'] as const;

export type SocialNetwork = (typeof socialNetworks)[number];
