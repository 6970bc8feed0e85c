/**
 * The web editor saves an entry by patching the file it read (src/editor/browser/text/keep-text.ts): with the
 * data unchanged every sample file comes back byte for byte, and a change to one field changes
 * only that field's lines, in the style the file already had. A new file is printed as before.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { keptEntryFile, keptYaml } from '@/editor/browser/text/keep-text';
import { normalise, splitFrontmatter } from '@/lib/frontmatter';

type Data = Record<string, unknown>;

const content = join(import.meta.dirname, '../../src/content');
const orders: Record<string, string[]> = {
  recipes: [
    'title',
    'description',
    'category',
    'difficulty',
    'rating',
    'ratingCount',
    'totalMinutes',
    'servings',
    'image',
    'featured',
    'publishDate',
    'author',
    'ingredients',
    'steps',
    'draft',
  ],
  blog: ['title', 'excerpt', 'category', 'author', 'publishDate', 'comments', 'image', 'draft'],
  team: ['name', 'role', 'bio', 'image', 'order', 'draft'],
  site: [],
};
const samples = Object.keys(orders).flatMap((collection) =>
  readdirSync(join(content, collection)).map((file) => `${collection}/${file}`),
);
const read = (sample: string) => readFileSync(join(content, sample), 'utf8');
const orderOf = (sample: string) => orders[sample.split('/')[0]!]!;

/** An entry file's fields and body as the editor reads them (entry.ts, read). */
function entryOf(text: string): { data: Data; body: string } {
  const parts = splitFrontmatter(normalise(text))!;
  return { data: (parse(parts.yaml) ?? {}) as Data, body: parts.body.replace(/^\n+/, '') };
}

/** A YAML file's data as the editor reads it. */
const yamlOf = (text: string) => (parse(normalise(text)) ?? {}) as Data;

/** Saves `sample` as the editor would, after `change` to its data (and body). */
function save(sample: string, change: (data: Data) => void, body?: (old: string) => string) {
  const text = read(sample);
  if (sample.endsWith('.yaml')) {
    const data = yamlOf(text);
    change(data);
    return { before: text, after: keptYaml(text, data, orderOf(sample)) };
  }
  const entry = entryOf(text);
  change(entry.data);
  const newBody = body ? body(entry.body) : entry.body;
  return { before: text, after: keptEntryFile(text, entry.data, newBody, orderOf(sample)) };
}

/** The lines only `before` has and the lines only `after` has (a longest-common-subsequence diff). */
function lineDiff(before: string, after: string) {
  const [a, b] = [before.split('\n'), after.split('\n')];
  const common = a.map(() => Array<number>(b.length + 1).fill(0));
  common.push(Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      common[i]![j] =
        a[i] === b[j]
          ? common[i + 1]![j + 1]! + 1
          : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
    }
  }
  const removed: string[] = [];
  const added: string[] = [];
  let [i, j] = [0, 0];
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) [i, j] = [i + 1, j + 1];
    else if (j < b.length && (i === a.length || common[i]![j + 1]! >= common[i + 1]![j]!)) {
      added.push(b[j++]!);
    } else removed.push(a[i++]!);
  }
  return { removed, added };
}

/** What main.ts printed before it kept files' text. */
function legacyYaml(data: Data, sortedKeys: string[]) {
  const rank = (key: string) => sortedKeys.indexOf(key) + 1 || sortedKeys.length + 1;
  const ordered = Object.entries(data).sort(([a], [b]) => rank(a) - rank(b));
  return stringify(Object.fromEntries(ordered), { lineWidth: 0, singleQuote: true });
}

const replaceWord = (text: unknown, from: string, to: string) => {
  expect(String(text)).toContain(from);
  return String(text).replace(from, to);
};

describe('unchanged data', () => {
  it.each(samples)('%s comes back byte for byte', (sample) => {
    expect(save(sample, () => {}).after).toBe(read(sample));
  });

  it.each(samples)('%s with a BOM and CRLF line endings comes back byte for byte', (sample) => {
    const text = `\uFEFF${read(sample).replaceAll('\n', '\r\n')}`;
    const order = orderOf(sample);
    const saved = sample.endsWith('.yaml')
      ? keptYaml(text, yamlOf(text), order)
      : keptEntryFile(text, entryOf(text).data, entryOf(text).body, order);
    expect(saved).toBe(text);
  });
});

describe('one field changed', () => {
  const ingredient = (data: Data, index: number) => (data['ingredients'] as string[])[index];
  it.each<[string, string, (data: Data) => void, string[], string[]]>([
    [
      "a recipe's description, by one word",
      'recipes/pasta-carbonara.mdx',
      (data) => (data['description'] = replaceWord(data['description'], 'silky', 'glossy')),
      [
        "description: 'A silky sauce of egg, Pecorino and black pepper, with crisp pancetta, clings to every strand in this 25-minute weeknight classic.'",
      ],
      [
        "description: 'A glossy sauce of egg, Pecorino and black pepper, with crisp pancetta, clings to every strand in this 25-minute weeknight classic.'",
      ],
    ],
    [
      "a team member's role",
      'team/james-okafor.yaml',
      (data) => (data['role'] = 'Photographer & Stylist'),
      ['role: Food Photographer'],
      ['role: Photographer & Stylist'],
    ],
    [
      "a blog post's excerpt, by one word",
      'blog/why-sunday-ragu-matters.mdx',
      (data) => (data['excerpt'] = replaceWord(data['excerpt'], 'slow pot', 'big pot')),
      [
        "excerpt: 'In Italian homes, the Sunday ragù is a ritual as much as a recipe. Sofia remembers the slow pot that anchored her childhood, and what it still teaches her.'",
      ],
      [
        "excerpt: 'In Italian homes, the Sunday ragù is a ritual as much as a recipe. Sofia remembers the big pot that anchored her childhood, and what it still teaches her.'",
      ],
    ],
    [
      'a nested field, image.alt',
      'recipes/pasta-carbonara.mdx',
      (data) => ((data['image'] as Data)['alt'] = 'Spaghetti carbonara: egg, pancetta & pepper'),
      [
        '  alt: Plate of spaghetti carbonara in a creamy sauce with bits of pancetta and grated cheese',
      ],
      ["  alt: 'Spaghetti carbonara: egg, pancetta & pepper'"],
    ],
    [
      'one ingredient',
      'recipes/pasta-carbonara.mdx',
      (data) => ((data['ingredients'] as string[])[2] = '5 large egg yolks'),
      ["  - '4 large egg yolks'"],
      ["  - '5 large egg yolks'"],
    ],
    [
      'an ingredient added',
      'recipes/pasta-carbonara.mdx',
      (data) => (data['ingredients'] as string[]).splice(4, 0, '1 clove garlic'),
      [],
      ['  - 1 clove garlic'],
    ],
    [
      'an ingredient removed',
      'recipes/pasta-carbonara.mdx',
      (data) => expect(ingredient(data, 5)).toBe((data['ingredients'] as string[]).splice(5, 1)[0]),
      ["  - '40 g Parmesan, finely grated'"],
      [],
    ],
    [
      'an optional key added, in the schema order',
      'recipes/pasta-carbonara.mdx',
      (data) => (data['featured'] = true),
      [],
      ['featured: true'],
    ],
    [
      'a key removed',
      'blog/why-sunday-ragu-matters.mdx',
      (data) => delete data['comments'],
      ['comments: 64'],
      [],
    ],
    [
      'a photo credit added to a nested group',
      'team/james-okafor.yaml',
      (data) => ((data['image'] as Data)['credit'] = { name: 'Ada Lens' }),
      [],
      ['  credit:', '    name: Ada Lens'],
    ],
    [
      'a folded paragraph in a list, by one word',
      'site/site.yaml',
      (data) => {
        const story = (data['about'] as Data)['story'] as string[];
        story[1] = replaceWord(story[1], 'ordinary pans', 'everyday pans');
      },
      ['      Today we cook every recipe in a home kitchen, with ordinary pans and supermarket'],
      ['      Today we cook every recipe in a home kitchen, with everyday pans and supermarket'],
    ],
    [
      'an item added to a list of flow maps, in flow style',
      'site/site.yaml',
      (data) => (data['heroStats'] as Data[]).push({ value: '5', label: 'Chefs' }),
      [],
      ["  - { value: '5', label: Chefs }"],
    ],
    [
      'an item added to a flow list, which stays one',
      'site/site.yaml',
      (data) => ((data['footer'] as Data)['social'] as string[]).push('TikTok'),
      ['  social: [Facebook, Instagram, Twitter, YouTube]'],
      ['  social: [Facebook, Instagram, Twitter, YouTube, TikTok]'],
    ],
    [
      'the first key of a group in a list removed',
      'site/site.yaml',
      (data) => delete ((data['about'] as Data)['values'] as Data[])[0]!['title'],
      ['    - title: Passion', '      icon: heart'],
      ['    - icon: heart'],
    ],
    [
      'a site value in a flow map inside a list',
      'site/site.yaml',
      (data) => (((data['heroStats'] as Data[])[1] as Data)['value'] = '25min'),
      ['  - { value: 30min, label: Avg Time }'],
      ['  - { value: 25min, label: Avg Time }'],
    ],
  ])('%s changes only its lines', (_, sample, change, removed, added) => {
    const { before, after } = save(sample, change);
    expect(lineDiff(before, after)).toEqual({ removed, added });
  });

  it('an added optional key lands where the schema puts it', () => {
    const { after } = save('recipes/pasta-carbonara.mdx', (data) => (data['featured'] = true));
    expect(after).toContain('  alt: Plate of spaghetti carbonara');
    expect(after).toMatch(/grated cheese\nfeatured: true\npublishDate: 2025-10-21\n/);
  });

  it('an added ingredient sits between its neighbours', () => {
    const { after } = save('recipes/pasta-carbonara.mdx', (data) =>
      (data['ingredients'] as string[]).splice(4, 0, '1 clove garlic'),
    );
    expect(after).toContain("  - '1 large egg'\n  - 1 clove garlic\n  - '60 g Pecorino");
  });

  it('an excerpt change leaves the body byte for byte', () => {
    const sample = 'blog/why-sunday-ragu-matters.mdx';
    const { before, after } = save(sample, (data) => (data['excerpt'] = 'Short.'));
    const bodyOf = (text: string) => text.slice(text.indexOf('\n---\n'));
    expect(bodyOf(after)).toBe(bodyOf(before));
  });

  it.each<[string, unknown]>([
    ['empty text', ''],
    ['null', null],
    ['an empty list', []],
    ['a group of empty fields', { src: '', alt: undefined }],
    ['undefined', undefined],
  ])('a key the file lacks, handed over as %s, is not written', (_, empty) => {
    const { before, after } = save('recipes/pasta-carbonara.mdx', (data) => {
      data['featured'] = empty;
    });
    expect(after).toBe(before);
  });
});

describe('folded text', () => {
  it.each(['team/james-okafor.yaml', 'team/priya-raman.yaml', 'team/sofia-marchetti.yaml'])(
    '%s: a bio changed by one word stays a folded block, with one line changed',
    (sample) => {
      const { before, after } = save(sample, (data) => {
        data['bio'] = replaceWord(data['bio'], ' and ', ' & ');
      });
      const { removed, added } = lineDiff(before, after);
      expect(removed).toHaveLength(1);
      expect(added).toEqual([removed[0]!.replace(' and ', ' & ')]);
      expect(after).toContain('bio: >-\n  ');
    },
  );

  it('a bio grown past its line is folded again, at the same width and indentation', () => {
    const sample = 'team/james-okafor.yaml';
    const longer = (bio: unknown) => replaceWord(bio, 'a decade', 'a long and busy decade');
    const { before, after } = save(sample, (data) => (data['bio'] = longer(data['bio'])));
    expect(yamlOf(after)['bio']).toBe(longer(yamlOf(before)['bio']));
    expect(after).toContain(
      [
        'bio: >-',
        '  James Okafor spent a long and busy decade shooting editorial and restaurant campaigns before',
        '  trading studio strobes for a north-facing window and a stack of well-worn linen napkins. He',
        '  styles and photographs every dish on Delicious Bites, and on weekends he cooks a pot of his',
        "  mother's jollof rice for anyone willing to argue about whose version is best.",
        'image:',
      ].join('\n'),
    );
  });

  it('a bio made shorter keeps the lines after the change', () => {
    const sample = 'team/james-okafor.yaml';
    const { before, after } = save(sample, (data) => {
      data['bio'] = replaceWord(data['bio'], 'editorial and restaurant campaigns', 'campaigns');
    });
    expect(lineDiff(before, after)).toEqual({
      removed: [
        '  James Okafor spent a decade shooting editorial and restaurant campaigns before trading studio',
      ],
      added: ['  James Okafor spent a decade shooting campaigns before trading studio'],
    });
  });

  it('a new paragraph in folded text is a blank line, the other lines kept', () => {
    const sample = 'team/priya-raman.yaml';
    const { before, after } = save(sample, (data) => (data['bio'] = `${data['bio']}\nHi.`));
    expect(lineDiff(before, after)).toEqual({ removed: [], added: ['', '  Hi.'] });
  });
});

describe('the body', () => {
  const file = [
    '---',
    'title: Notes',
    '---',
    '',
    'Some *emphasis* and **strong** text.',
    '',
    '| Dish | Minutes |',
    '| ---- | ------: |',
    '| Soup |      25 |',
    '',
    '{/* a comment for writers */}',
    '',
    '',
  ].join('\n');
  const { data, body } = entryOf(file);

  it('is kept byte for byte when unchanged, with its trailing blank line', () => {
    expect(keptEntryFile(file, data, body, ['title'])).toBe(file);
    expect(keptEntryFile(file, data, body.trimEnd(), ['title'])).toBe(file);
  });

  it('is written after the same separator with one trailing newline when changed', () => {
    const changed = body.replace('Soup', 'Stew');
    const saved = keptEntryFile(file, data, `${changed}\n\n`, ['title']);
    expect(saved).toBe(`---\ntitle: Notes\n---\n\n${changed.trimEnd()}\n`);
  });

  it('keeps the frontmatter when only the body changed', () => {
    const sample = 'recipes/pasta-carbonara.mdx';
    const { before, after } = save(
      sample,
      () => {},
      (old) => `${old}\nOne more line.\n`,
    );
    expect(after).toBe(`${before}\nOne more line.\n`);
  });
});

describe('a fresh print, with no original file', () => {
  it.each(samples)('%s prints as the editor printed before', (sample) => {
    const text = read(sample);
    const order = orderOf(sample);
    if (sample.endsWith('.yaml')) {
      const data = yamlOf(text);
      expect(keptYaml(undefined, data, order)).toBe(legacyYaml(data, order));
    } else {
      const { data, body } = entryOf(text);
      const legacy = `---\n${legacyYaml(data, order)}---\n\n${body.trim()}\n`;
      expect(keptEntryFile(undefined, data, body, order)).toBe(legacy);
    }
  });

  it('orders keys by the schema, unknown keys last, and writes no body when it is empty', () => {
    const data = { extra: 1, b: 'two', a: 'one' };
    expect(keptEntryFile(undefined, data, '  \n', ['a', 'b'])).toBe(
      '---\na: one\nb: two\nextra: 1\n---\n',
    );
  });
});

describe('comments and styles', () => {
  const file = [
    '# Who we are.',
    'name: Ada # the full name',
    '# The job, as the about page shows it.',
    "role: 'Cook'",
    'quote: "Salt, fat, acid, heat"',
    'bio: |',
    '  First line.',
    '  Second line.',
    '',
    'order: 2 # lowest first',
    '',
  ].join('\n');
  const order = ['name', 'role', 'quote', 'bio', 'order'];
  const saveWith = (change: Data) => keptYaml(file, { ...yamlOf(file), ...change }, order);

  it.each<[string, Data, string[], string[]]>([
    [
      'plain text, its comment kept',
      { name: 'Ada L.' },
      ['name: Ada # the full name'],
      ['name: Ada L. # the full name'],
    ],
    ['single quotes', { role: "Cook's mate" }, ["role: 'Cook'"], ["role: 'Cook''s mate'"]],
    [
      'double quotes',
      { quote: 'Salt "and" fat' },
      ['quote: "Salt, fat, acid, heat"'],
      ['quote: "Salt \\"and\\" fat"'],
    ],
    [
      'a literal block',
      { bio: 'First line.\nThird line.\n' },
      ['  Second line.'],
      ['  Third line.'],
    ],
    [
      'a number, its comment kept',
      { order: 3 },
      ['order: 2 # lowest first'],
      ['order: 3 # lowest first'],
    ],
    [
      'plain text that plain style cannot hold',
      { name: 'Ada: cook' },
      ['name: Ada # the full name'],
      ["name: 'Ada: cook' # the full name"],
    ],
  ])('a change to %s keeps every comment', (_, change, removed, added) => {
    const saved = saveWith(change);
    expect(lineDiff(file, saved)).toEqual({ removed, added });
    expect(yamlOf(saved)).toEqual({ ...yamlOf(file), ...change });
  });

  it('a key added before the first key goes under the comment at the top', () => {
    const saved = keptYaml(file, { id: 'ada', ...yamlOf(file) }, ['id', ...order]);
    expect(saved).toBe(file.replace('# Who we are.\n', '# Who we are.\nid: ada\n'));
  });

  it('a change to a file with a BOM and CRLF line endings keeps them', () => {
    const crlf = `\uFEFF${file.replaceAll('\n', '\r\n')}`;
    const saved = keptYaml(crlf, { ...yamlOf(crlf), order: 3 }, order);
    expect(saved).toBe(crlf.replace('order: 2', 'order: 3'));
  });

  it('a removed key takes only its own line', () => {
    const data = yamlOf(file);
    delete data['role'];
    const saved = keptYaml(file, data, order);
    expect(lineDiff(file, saved)).toEqual({ removed: ["role: 'Cook'"], added: [] });
  });
});
