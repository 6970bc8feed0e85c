// Synthetic recipes and blog posts for the scale benchmark.
//
// Each synthetic entry starts from a real entry's frontmatter (so fields added to the schemas
// later are carried along with valid values) and overrides the fields the schemas in
// src/schemas/*.ts define: enums come from those files, authors from src/content/team.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parse, stringify } from 'yaml';

/** Deterministic PRNG (mulberry32), so every run generates the same files. */
export function prng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
  };
}

/** The string values of `export const NAME = [ ... ] as const` in a schema source file. */
export function constArray(source, name) {
  const match = source.match(
    new RegExp(`export const ${name}\\s*=\\s*\\[([\\s\\S]*?)\\]\\s*as const`),
  );
  if (!match) return undefined;
  const values = [...match[1].matchAll(/'([^']*)'|"([^"]*)"/g)].map((m) => m[1] ?? m[2]);
  return values.length ? values : undefined;
}

/** Splits an MDX file into its frontmatter object and body. */
export function splitFrontmatter(text) {
  const match = text.match(/^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/);
  if (!match) throw new Error('no frontmatter');
  return { data: parse(match[1]), body: match[2] };
}

const WORDS = (
  'golden crisp tender slow simmer roast fragrant bright herb garlic lemon butter smoky gentle ' +
  'season market spring autumn winter summer pantry skillet oven broth grain harvest rustic ' +
  'weeknight family table bread pepper ginger sesame citrus caramel toasted fresh creamy bold ' +
  'savory sweet tangy layered braised charred silky hearty light zesty spiced'
).split(' ');
const DISHES = (
  'Stew Salad Pasta Curry Tart Soup Bowl Skewers Risotto Noodles Tacos Pie Gratin Frittata ' +
  'Dumplings Flatbread Chowder Roast Stir-Fry Cake'
).split(' ');
const INGREDIENTS = (
  'onion|garlic clove|carrot|celery stalk|olive oil|butter|chicken thigh|chickpeas|rice|flour|egg|' +
  'lemon|tomato|spinach|potato|parmesan|cream|stock|basil|thyme|cumin|paprika|soy sauce|honey'
).split('|');
const UNITS = ['g', 'ml', 'tbsp', 'tsp', 'cups', 'pieces'];

function sentence(r, words = r.int(10, 20)) {
  const out = [];
  for (let i = 0; i < words; i += 1) out.push(r.pick(WORDS));
  const s = out.join(' ');
  return `${s[0].toUpperCase()}${s.slice(1)}.`;
}

function paragraph(r) {
  return Array.from({ length: r.int(3, 6) }, () => sentence(r)).join(' ');
}

/** A body of a few plain-text paragraphs: no `{`, `}` or `<`, so MDX has nothing to evaluate. */
export function body(r) {
  return `${Array.from({ length: r.int(3, 5) }, () => paragraph(r)).join('\n\n')}\n`;
}

function title(r) {
  const w = () => r.pick(WORDS);
  const cap = (s) => s[0].toUpperCase() + s.slice(1);
  return `${cap(w())} ${cap(w())} ${r.pick(DISHES)}`;
}

/** A real calendar day between 2015-01-01 and 2025-12-31 as YYYY-MM-DD. */
function date(r) {
  const start = Date.UTC(2015, 0, 1);
  const end = Date.UTC(2025, 11, 31);
  return new Date(start + Math.floor(r.next() * (end - start))).toISOString().slice(0, 10);
}

function toMdx(data, text) {
  return `---\n${stringify(data, { lineWidth: 0 }).trimEnd()}\n---\n\n${text}`;
}

/** Reads what generation needs from a project copy: enums, team ids and real entries. */
export function readProject(root) {
  const schemas = join(root, 'src/schemas');
  const recipeSrc = readFileSync(join(schemas, 'recipe.ts'), 'utf8');
  const blogSrc = readFileSync(join(schemas, 'blog.ts'), 'utf8');
  const entries = (dir) =>
    readdirSync(join(root, 'src/content', dir))
      .filter((f) => /\.mdx?$/.test(f))
      .sort()
      .map((f) => splitFrontmatter(readFileSync(join(root, 'src/content', dir, f), 'utf8')));
  const recipes = entries('recipes');
  const posts = entries('blog');
  const team = readdirSync(join(root, 'src/content/team'))
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => basename(f).replace(/\.ya?ml$/, ''))
    .sort();
  const seen = (list, key) => [...new Set(list.map((e) => e.data[key]).filter(Boolean))];
  const need = (values, what) => {
    if (!values?.length) throw new Error(`scale: could not find ${what}`);
    return values;
  };
  return {
    recipes,
    posts,
    team: need(team, 'team members in src/content/team'),
    recipeCategories: need(
      constArray(recipeSrc, 'recipeCategories') ?? seen(recipes, 'category'),
      'recipe categories',
    ),
    difficulties: need(
      constArray(recipeSrc, 'difficulties') ?? seen(recipes, 'difficulty'),
      'difficulties',
    ),
    blogCategories: need(
      constArray(blogSrc, 'blogCategories') ?? seen(posts, 'category'),
      'blog categories',
    ),
    images: need(
      [...recipes, ...posts].map((e) => e.data.image).filter((i) => i?.src && i?.alt),
      'images',
    ),
  };
}

/** Writes `count` synthetic recipes into src/content/recipes of the copy at `root` (.mdx or .md). */
export function writeRecipes(root, project, count, seed = 1, ext = 'mdx') {
  const r = prng(seed);
  for (let i = 1; i <= count; i += 1) {
    const template = project.recipes[i % project.recipes.length].data;
    const data = {
      ...template,
      title: `${title(r)} ${i}`,
      description: `${sentence(r, 14)} ${sentence(r, 10)}`,
      category: r.pick(project.recipeCategories),
      difficulty: r.pick(project.difficulties),
      rating: r.int(30, 50) / 10,
      totalMinutes: r.int(10, 240),
      servings: r.int(1, 8),
      image: { ...r.pick(project.images) },
      featured: false,
      publishDate: date(r),
      author: r.pick(project.team),
      ingredients: Array.from(
        { length: r.int(4, 12) },
        () => `${r.int(1, 500)} ${r.pick(UNITS)} ${r.pick(INGREDIENTS)}`,
      ),
      steps: Array.from({ length: r.int(3, 8) }, () => sentence(r)),
    };
    if ('ratingCount' in template) data.ratingCount = r.int(1, 2000);
    const file = join(
      root,
      'src/content/recipes',
      `synthetic-recipe-${String(i).padStart(5, '0')}.${ext}`,
    );
    writeFileSync(file, toMdx(data, body(r)));
  }
}

/** Writes `count` synthetic blog posts into src/content/blog of the copy at `root`. */
export function writePosts(root, project, count, seed = 2, ext = 'mdx') {
  const r = prng(seed);
  for (let i = 1; i <= count; i += 1) {
    const template = project.posts[i % project.posts.length].data;
    const data = {
      ...template,
      title: `${title(r)} Notes ${i}`,
      excerpt: `${sentence(r, 16)} ${sentence(r, 12)}`,
      category: r.pick(project.blogCategories),
      author: r.pick(project.team),
      publishDate: date(r),
      comments: r.int(0, 300),
      image: { ...r.pick(project.images) },
      draft: false,
    };
    const file = join(
      root,
      'src/content/blog',
      `synthetic-post-${String(i).padStart(5, '0')}.${ext}`,
    );
    writeFileSync(file, toMdx(data, body(r)));
  }
}
