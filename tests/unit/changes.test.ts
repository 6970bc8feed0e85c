/**
 * What changed between two versions of an entry, in the words the editor's history and its
 * delete refusal say (src/editor/browser/history/changes.ts): field by field, each with its label from the
 * schema, a photo's file as replaced, added or removed, a body by paragraphs, a list by items.
 */
import { describe, expect, it, vi } from 'vitest';
import { describeChanges } from '@/editor/browser/history/changes';
import { jsonSchemas } from '@/editor/browser/schemas';
import type { EditedCollection } from '@/editor/contract';
import { editorConfig } from '@/editor/node/config';

vi.mock('astro:content', () => import('@/editor/browser/stand-ins'));

const config = editorConfig(jsonSchemas(), { localPort: 8081 });
const collection = (name: EditedCollection) => config.collections.find((c) => c.name === name)!;

const photo = { src: './cover.jpg', alt: 'A pan of sauce' };
const post = {
  title: 'The Five-Minute Pan Sauce',
  excerpt:
    'Those brown bits stuck to your skillet are pure flavor. Learn the simple formula for turning them into a glossy restaurant-style sauce in minutes.',
  category: 'Cooking Tips',
  author: 'sofia-marchetti',
  publishDate: '2025-06-24',
  image: photo,
  body: 'First paragraph.\n\nSecond paragraph.\n\nThird paragraph.\n',
};
const recipe = {
  title: 'Pasta Carbonara',
  rating: 4.9,
  featured: false,
  ingredients: ['400 g spaghetti', '150 g pancetta', '4 egg yolks'],
};

describe('the words for what changed between two versions', () => {
  it.each([
    [
      'a changed word of a text',
      'blog',
      post,
      { ...post, excerpt: post.excerpt.replace('brown', 'dark') },
      ["Excerpt: 'brown' → 'dark'"],
    ],
    [
      'a new title, whole',
      'blog',
      post,
      { ...post, title: 'Pan Sauce' },
      ["Title: 'The Five-Minute Pan Sauce' → 'Pan Sauce'"],
    ],
    [
      'another team member as author',
      'blog',
      post,
      { ...post, author: 'james-okafor' },
      ["Author: 'sofia-marchetti' → 'james-okafor'"],
    ],
    [
      'a photo’s file replaced',
      'blog',
      post,
      { ...post, image: { ...photo, src: './plated.jpg' } },
      ['Photo replaced'],
    ],
    [
      'a photo’s file and its alt text',
      'blog',
      post,
      { ...post, image: { src: './plated.jpg', alt: 'A plated steak' } },
      ['Photo replaced', "Image: Alt text: 'A pan of sauce' → 'A plated steak'"],
    ],
    [
      'a credit added to a photo',
      'blog',
      post,
      { ...post, image: { ...photo, credit: { name: 'Ana' } } },
      ["Image: Credit: Name: set to 'Ana'"],
    ],
    [
      'two paragraphs of the body, by the label without “(optional)”',
      'blog',
      post,
      { ...post, body: 'First paragraph!\n\nSecond paragraph!\n\nThird paragraph.\n' },
      ['Text: 2 paragraphs changed'],
    ],
    [
      'a paragraph added to the body',
      'blog',
      post,
      { ...post, body: `${post.body}\nFourth.\n` },
      ['Text: 1 paragraph added'],
    ],
    [
      'a day',
      'blog',
      post,
      { ...post, publishDate: '2025-07-01' },
      ["Publish date: '2025-06-24' → '2025-07-01'"],
    ],
    ['a number', 'recipes', recipe, { ...recipe, rating: 4.8 }, ['Rating: 4.9 → 4.8']],
    ['a switch', 'recipes', recipe, { ...recipe, featured: true }, ['Featured: off → on']],
    [
      'an item added to a list',
      'recipes',
      recipe,
      { ...recipe, ingredients: [...recipe.ingredients, '1 lemon'] },
      ['Ingredients: 1 item added'],
    ],
    [
      'an item of a list changed and one removed',
      'recipes',
      recipe,
      { ...recipe, ingredients: ['400 g linguine', '150 g pancetta'] },
      ['Ingredients: 1 item changed, 1 item removed'],
    ],
    ['a field taken out', 'blog', post, { ...post, excerpt: undefined }, ['Excerpt removed']],
    [
      'several fields, in the schema’s order',
      'blog',
      post,
      { ...post, category: 'Techniques', title: 'Pan Sauce' },
      [
        "Title: 'The Five-Minute Pan Sauce' → 'Pan Sauce'",
        "Category: 'Cooking Tips' → 'Techniques'",
      ],
    ],
    ['nothing', 'blog', post, { ...post }, []],
    [
      'words added to a long text, with a word either side',
      'blog',
      post,
      { ...post, excerpt: post.excerpt.replace('are pure', 'are really pure') },
      ["Excerpt: '…are pure…' → '…are really pure…'"],
    ],
  ] as const)('says %s', (_, name, before, after, words) => {
    expect(describeChanges(collection(name), before, after)).toEqual(words);
  });
});
