/**
 * The shell of a clickable teaser card: white, rounded, lifting on hover (not with reduced
 * motion). Shared by the recipe and post cards so they feel like one family.
 */
export const clickableCard =
  'group flex cursor-pointer overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-stone-200/70 transition duration-300 hover:-translate-y-1 hover:shadow-xl hover:shadow-brand-900/10 motion-reduce:transform-none';
