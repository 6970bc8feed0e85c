/**
 * Claims that run: every sentence of README.md and docs/*.md that says something is so only in
 * one place, never, alone or once is listed here with the check that fails when the code stops
 * being so: a test (its file and name), an import rule of .dependency-cruiser.js, or a guard of
 * "One rule, one place" (tests/unit/one-place.test.ts). A sentence whose word is not a claim
 * about the code (advice, history, a measurement) says why instead. A new sentence of the kind
 * fails here until it is listed, and a listed one the docs no longer say fails too.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../.dependency-cruiser.js';
import { namePattern, testNamesIn } from './test-names';

const root = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** The words that make a sentence a claim about where something is, or is not. */
const trigger =
  /\b(only|never|one place|the one|imports? nothing|nothing else|alone|single source|(?:stated|said|written|declared) once)\b/i;

type Check =
  /** A test, by its file and its name (`…` for a part the name makes from its data). */
  | { test: string; name: string }
  /** An import rule of .dependency-cruiser.js, by name. */
  | { rule: string }
  /** A row of ENGINE.md's "One rule, one place", guarded in tests/unit/one-place.test.ts. */
  | { guard: string }
  /** Not a claim about the code, and why. */
  | { not: string };

type Claim = { doc: string; says: string; checks: Check[] };

const test = (file: string, name: string): Check => ({ test: file, name });
const rule = (name: string): Check => ({ rule: name });
const guard = (row: string): Check => ({ guard: row });
const not = (why: string): Check => ({ not: why });

const e2e = (file: string) => `tests/e2e/${file}.spec.ts`;
const unit = (file: string) => `tests/unit/${file}.test.ts`;
const content = (file: string) => `tests/content/${file}.test.ts`;
const editor = (file: string) => `tests/editor/${file}.test.ts`;

const history = not('history: what a change did or a run measured, on the day it says');
const budget = test(
  e2e('budget'),
  'runs at most … KB of gzipped JavaScript and hydrates nothing until the visitor acts',
);
const holdsStill = test(
  e2e('holding-still'),
  '… holds still while it settles after a jump to the bottom',
);
const oneIsland = test(
  unit('architecture'),
  'the one island: NoticeToaster, in src/components/islands/',
);

/** The claims, by document, each by a fragment of its sentence. */
const claims: Claim[] = [
  ...(
    [
      [
        '`npm test` alone runs the same suite',
        not('how to run the suite: .ci/run installs what is missing, then runs npm test'),
      ],
      ['many of which only read the built HTML', history],
      [
        'the one-toast test in `toasts.spec.ts`',
        test(
          e2e('toasts'),
          'show at most one at a time: the latest of two quick actions replaces the first',
        ),
      ],
      ['(`format:check` only checks)', not('what an npm script does; package.json says it')],
      ['One engine alone:', not('how to run the suite in one browser engine')],
      ['The one moment a build publishes as of', guard('Now')],
      [
        '`build` (a build or `astro sync`: published entries only)',
        test(unit('decide'), 'leave drafts and scheduled entries out of a build'),
      ],
      [
        "the only code that speaks to Astro's loader context",
        rule('loader-context-in-loader-only'),
      ],
      ['there are no import circles in src/, scripts/ or tests/', rule('no-circular')],
      ['src/schemas/ imports nothing from outside itself', rule('schemas-stand-alone')],
      [
        'Schemas are the single source of truth.',
        test(
          unit('editor'),
          'change with the schema, with no second edit: a field added shows, a field taken out goes',
        ),
        test(content('intellisense'), 'writes a JSON schema for every collection writers write'),
      ],
      [
        '(Astro only logs those)',
        test(unit('loader'), 'fails on a reference to an entry that does not exist, at its line'),
      ],
      [
        'read the picks and never choose again',
        test(
          unit('content'),
          'are the entries the engine picked, in its order, whatever their dates',
        ),
        guard('What each list shows: collection, count, which entries qualify'),
        guard('Which collections show whole (team, site)'),
        guard('The team’s order on the about page'),
      ],
      [
        'Each rule is stated once;',
        test(
          unit('one-place'),
          'has a guard for each row of docs/ENGINE.md’s table, and a row for each guard',
        ),
      ],
      [
        'A file is read again only when its stamp changed',
        test(unit('engine'), 'reads no file again when none has changed, and keeps every entry'),
        test(content('dev'), 'shows a saved edit on the page, reading only the saved file'),
      ],
      [
        'only while the page shows it',
        test(
          'tests/site/seo.test.ts',
          'the RSS feed carries the published posts, newest first, linking to their cards or /blog',
        ),
      ],
      ['The one island, the toaster, loads React and sonner', oneIsland, budget],
      ['src/components/islands/ the only React that runs in the browser', oneIsland],
      [
        'the one object the inline script and the island share',
        test(
          unit('notice-channel'),
          'is one object per page, on window, whichever side asks first',
        ),
      ],
      [
        "the toaster's chunks and nothing else",
        test(
          e2e('preload'),
          'fetches ahead exactly the code the toaster loads, without running it, so the first click fetches none',
        ),
      ],
      [
        'changes only the lines of the fields a writer changed',
        test(
          editor('trust'),
          'changes only the name’s line of every sample entry, and a second save putting it back restores the file byte for byte',
        ),
      ],
      [
        'A build reads only the entries that changed since',
        test(
          content('incremental'),
          'reads only the edited file, and every page and feed shows the edit',
        ),
      ],
      [
        "an entry is reused only when its file's stamp, its path and the engine key",
        test(
          unit('engine'),
          'trusts a file by its size and times only if it was saved well before the index was',
        ),
        test(
          unit('engine'),
          'stores the new path of an entry whose file moved without changing its id or text',
        ),
        test(content('incremental'), 'reads every file again when a schema changes'),
      ],
      ['load only when a visitor first presses, touches, types or tabs', budget],
      ['fonts never swap (`tests/e2e/holding-still.spec.ts`)', holdsStill],
      ['the one web font, Fraunces for headings', test(e2e('budget'), '… downloads … web font…')],
    ] as const
  ).map(([says, ...checks]) => ({ doc: 'README.md', says, checks })),

  ...(
    [
      ['Never used git?', not('a question to the reader')],
      [
        'and never overwrites a file',
        test(
          unit('new-entry'),
          'refuses a title whose id a file makes only once slugged: My Title.md for …',
        ),
        test(content('writers'), 'starts a … that builds as a draft, and never overwrites it'),
      ],
      [
        'Drafts and scheduled entries never appear there',
        test(
          unit('decide'),
          'in astro dev, take drafts and scheduled entries on the pages, but never in the feeds',
        ),
      ],
      [
        'Only its text ("Salt")',
        test(
          unit('feeds'),
          'degrades an MDX body with components to their text, leaving out imports and expressions',
        ),
      ],
      [
        'A static site only changes when it is built',
        test(
          content('incremental'),
          'publishes a scheduled post once its day has come, though its file did not change',
        ),
      ],
      [
        '`/blog needs 8, but only 7 are published (1 draft, 1 scheduled).`',
        test(
          content('writers'),
          'say how many entries are drafts or scheduled when a page cannot be filled',
        ),
      ],
      ['you just never see the file', not('how writing in the web editor feels to a writer')],
      [
        'what only the whole site can tell',
        test(
          unit('editor-checks'),
          'refuses a save that leaves a page list short, at the Draft switch',
        ),
        test(
          unit('editor-checks'),
          'refuses to delete a team member that entries still name, naming them',
        ),
        test(
          unit('editor-checks'),
          'refuses a new entry whose id another file already makes, even one that only clashes once slugged',
        ),
      ],
      ['A title of only spaces, refused', not('a picture’s description')],
      [
        "Changing one field changes only that field's lines in the file",
        test(
          editor('trust'),
          'changes only the name’s line of every sample entry, and a second save putting it back restores the file byte for byte',
        ),
      ],
      [
        'It knows only the shape of each field',
        test(content('intellisense'), 'leaves to npm run check:content what a schema cannot know'),
      ],
    ] as const
  ).map(([says, ...checks]) => ({ doc: 'docs/WRITERS.md', says, checks })),

  ...(
    [
      [
        '(or never comes)',
        test(
          e2e('first-byte'),
          '…: the form says sending needs JavaScript and never puts the fields in a URL',
        ),
        test(
          e2e('first-byte'),
          'recipe search with Enter neither reloads nor puts the query in the URL',
        ),
      ],
      ['is the only island', oneIsland],
      ['so only the display face is downloaded', test(e2e('budget'), '… downloads … web font…')],
      [
        'with ASCII only (15 KB, on / only)',
        test(e2e('budget'), '… downloads … web font…'),
        test(unit('fonts'), '$file has every character of its set, at its weights'),
      ],
      [
        'for that character only; a unit test checks that the sample content never needs to',
        test(unit('fonts'), 'the sample content uses no character the text fonts lack'),
      ],
      [
        'photos keep a fixed aspect ratio and fonts never swap, so nothing a visitor can tap moves',
        holdsStill,
      ],
      ['The cards used to be laid out only as they neared the viewport', history],
      ['code only fetched ahead', budget],
      ['the cards above it were laid out only once they neared the viewport', history],
      ['the estimate can never be exact', not('why a past design was dropped')],
      ['Timings are only comparable when taken back to back', not('how to read the measurements')],
      [
        'The simulation counts only the requests',
        not('how Lighthouse’s simulation works, not this site'),
      ],
      ['The inlined stylesheet alone is 10 KB', history],
      ['not only the median', not('what the bench writes below, which the section shows')],
      ['It is set only in bold, so its file is now a single bold instance', history],
      ['Cards are laid out only near the viewport.', history],
      [
        "the toaster's code is fetched ahead only after the largest paint",
        test(e2e('first-byte'), 'waits for the largest paint, and runs nothing'),
      ],
      [
        'is the only way a photo route gets LCP under 1.55 s',
        not('an estimate for a choice not taken'),
      ],
      ['a bare DevTools connection that only emulates the phone', not('how the bench measures')],
      ['Tailwind reads only the code that writes markup', history],
      ['the stand-in answered WebP only', history],
    ] as const
  ).map(([says, ...checks]) => ({ doc: 'docs/PERFORMANCE.md', says, checks })),

  ...(
    [
      ['list pages only, no page per entry', not('what the benchmark’s Hugo site builds')],
      ['which it gives back only after the build', not('how V8 behaved in a measured run')],
      ['Vite then loads only the chunks that changed', not('what Astro and Vite do, as measured')],
      [
        "but only the newest 20 posts'",
        test(unit('feeds'), 'renders only the bodies of the posts it carries'),
        test(unit('decide'), 'is every pick, and nothing older'),
        test(unit('engine'), 'is only what the site shows, and the entries those name'),
      ],
    ] as const
  ).map(([says, ...checks]) => ({ doc: 'docs/SCALE.md', says, checks })),

  ...(
    [
      ['An id is only a number', not('why the photos were checked')],
      ['a token never counts on its own', not('how to check a photo: advice')],
      [
        'Keep an id only when the labels agree with the entry.',
        not('how to check a photo: advice'),
      ],
      ['describe the person only as the evidence does', not('how to check a photo: advice')],
      ['only when public code names the photographer', not('how to check a photo: advice')],
      ['Never guess a name.', not('how to check a photo: advice')],
      ['never gnocchi', not('a record of what a photo was found to show')],
      ['single source, so no credit added', not('a record of what a photo was found to show')],
      ['labelled only with that search', not('a record of what a photo was found to show')],
    ] as const
  ).map(([says, ...checks]) => ({ doc: 'docs/PHOTOS.md', says, checks })),

  ...(
    [
      [
        'have one place to agree on',
        test(unit('test-index'), 'quotes only names of tests that exist'),
      ],
      [
        'The counts of each page are declared once, in `src/config.ts`',
        guard('What each list shows: collection, count, which entries qualify'),
        test(
          unit('one-place'),
          'the spec’s toast texts and page label are written out once, in tests/spec.ts',
        ),
      ],
      [
        'Every placeholder action shows a toast, and nothing else',
        test(e2e('home'), '… shows the not-implemented toast and stays on the page'),
        test(
          e2e('robustness'),
          'no page logs a CSP violation, any other console error or an uncaught exception, or gains an inline on* handler, even after showing a toast',
        ),
      ],
      [
        'shows **at most one toast**',
        test(
          e2e('toasts'),
          'show at most one at a time: the latest of two quick actions replaces the first',
        ),
      ],
      [
        'but only Contact navigates',
        test(e2e('layout'), 'Company link Contact navigates to /contact'),
        test(
          e2e('layout'),
          'Company link … shows the not-implemented toast and does not navigate to …',
        ),
      ],
      [
        'Only published entries count',
        test(unit('decide'), 'leave drafts and scheduled entries out of a build'),
        test(
          content('writers'),
          'keeps a post dated after the build day off every page and out of the feed and sitemap',
        ),
      ],
    ] as const
  ).map(([says, ...checks]) => ({ doc: 'docs/BEHAVIOUR.md', says, checks })),

  ...(
    [
      [
        "loader.ts the adapter: the only code that speaks to Astro's loader context",
        rule('loader-context-in-loader-only'),
      ],
      [
        'port.ts the one port',
        rule('loader-context-in-loader-only'),
        rule('port-imports-only-types'),
      ],
      [
        'It imports nothing of Astro or Vite, reads no file',
        rule('core-imports-nothing-of-astro'),
        rule('core-imports-no-node-module'),
        test(
          unit('browser-modules'),
          'the engine’s core, decide.ts, imports nothing of Astro at all',
        ),
      ],
      [
        'The index is the one owner of directory listings.',
        test(
          unit('architecture'),
          'the index is the one owner of directory listings: no other module of the engine reads a directory',
        ),
      ],
      [
        "It alone turns Astro's context into the port, reads build or dev",
        rule('loader-context-in-loader-only'),
        guard('Build or dev'),
      ],
      [
        'an entry whose digest the store already has is left alone',
        test(unit('engine'), 'reads no file again when none has changed, and keeps every entry'),
      ],
      [
        '## One rule, one place',
        test(
          unit('one-place'),
          'has a guard for each row of docs/ENGINE.md’s table, and a row for each guard',
        ),
      ],
      [
        'The pages never choose entries, and order them by these rules only',
        test(
          unit('content'),
          'are the entries the engine picked, in its order, whatever their dates',
        ),
        guard('What each list shows: collection, count, which entries qualify'),
        guard('Which collections show whole (team, site)'),
        guard('The team’s order on the about page'),
      ],
      [
        "(the dev server's own watcher is told to leave those alone)",
        test(
          unit('content-refresh'),
          "tells the dev server's own watcher to leave each collection folder alone",
        ),
      ],
      [
        'the catalogue only calls down, into the port it was given',
        rule('catalogue-calls-down'),
        rule('port-imports-only-types'),
      ],
      [
        'It is only ever a cache:',
        test(
          unit('engine'),
          'trusts a file by its size and times only if it was saved well before the index was',
        ),
        test(content('incremental'), 'reads every file again when a schema changes'),
      ],
      [
        'if the text is unchanged (a fresh checkout), only the stamp is updated',
        test(
          unit('engine'),
          'parses no file whose stamp changed but not its text, as after a fresh checkout',
        ),
      ],
      [
        "Astro's store holds only what the site shows",
        test(unit('engine'), 'is only what the site shows, and the entries those name'),
        test(unit('decide'), 'is every pick, and nothing older'),
      ],
    ] as const
  ).map(([says, ...checks]) => ({ doc: 'docs/ENGINE.md', says, checks })),

  ...(
    [
      [
        'A schema change is an editor change, with nothing else to edit.',
        test(
          unit('editor'),
          'change with the schema, with no second edit: a field added shows, a field taken out goes',
        ),
      ],
      [
        'including one that only clashes once slugged',
        test(
          unit('editor-checks'),
          'refuses a new entry whose id another file already makes, even one that only clashes once slugged',
        ),
        test(
          editor('trust'),
          'refuses a new recipe titled like an existing one, whose id only clashes once slugged',
        ),
      ],
      [
        'which imports nothing from Astro',
        rule('core-imports-nothing-of-astro'),
        test(
          unit('browser-modules'),
          'the engine’s core, decide.ts, imports nothing of Astro at all',
        ),
      ],
      [
        '### Only what changed changes',
        test(
          editor('trust'),
          'changes only the name’s line of every sample entry, and a second save putting it back restores the file byte for byte',
        ),
      ],
      [
        'The body is edited as raw Markdown only',
        test(
          unit('editor'),
          'offer the schemas’ choices, dates, team members, lists, photos and limits',
        ),
      ],
      ['Were the engine to read with it alone', not('a measurement of a choice not taken')],
      [
        "Decap takes a card's photo only from a top-level image field",
        test(editor('words'), 'shows each post as a card with its photo'),
        test(
          unit('editor'),
          'match the … schema field for field, required for required, at every depth',
        ),
        test(
          editor('trust'),
          'changes only the name’s line of every sample entry, and a second save putting it back restores the file byte for byte',
        ),
      ],
      [
        'or the one picked under it',
        test(editor('words'), 'offers no Media tab, and a search box that does not say …'),
      ],
      [
        '/admin/ works on localhost only',
        not('how the editor is set up for a site owner; the build says it in its log'),
      ],
      [
        'Its callback URL is the one the OAuth relay below gives',
        not('a step of the live setup, done in GitHub'),
      ],
      [
        'Nothing else to run; leave `EDITOR_AUTH_URL` unset',
        not('a step of the live setup, for a Netlify host'),
      ],
      [
        'This relay is the one server beyond the static host',
        not('what a site owner deploys for the live setup'),
      ],
      [
        'It holds no content and runs only at login',
        not('what the relay a site owner deploys does'),
      ],
      [
        '(Chromium only)',
        not('a comparison of ways the editor could save, one of them a browser API'),
      ],
      [
        'and a stock photo only with the network',
        not('a limit of the preview, told to the reader: a stock photo is a web address'),
      ],
      [
        'a draft or scheduled entry appears only as a digest of its id and file',
        test(
          'tests/site/editor.test.ts',
          'ships what the build knew of every entry for the editor’s checks, naming no draft',
        ),
      ],
      ['which only makes a clash less likely', not('what Decap does with a slug it already has')],
    ] as const
  ).map(([says, ...checks]) => ({ doc: 'docs/EDITOR.md', says, checks })),

  ...(
    [
      [
        'a Company footer link that only toasts shows',
        test(
          'tests/engines/visitor.test.ts',
          'on … …, the footer link "…" shows its toast and stays on the page',
        ),
      ],
      [
        'so that a CI run never passes without it',
        test('tests/engines/engine-suite.ts', '… is installed'),
      ],
      [
        "Firefox's WebDriver BiDi server on the one after",
        not('which ports the engine tests take, for whoever runs them'),
      ],
      [
        'since WebDriver captures only the window',
        not('what WebDriver’s screenshots take, and why the screen is tall'),
      ],
      [
        'The pages differ only in text:',
        not('how the routes compare, told to the reader of the table'),
      ],
    ] as const
  ).map(([says, ...checks]) => ({ doc: 'docs/ENGINES.md', says, checks })),
];

/** Text as a reader reads it: no Markdown marks, one kind of apostrophe, single spaces. */
const plain = (text: string) =>
  text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .replace(/[‘’]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The sentences of a Markdown document: each paragraph, list item and table row, split after a
 * full stop, question mark or colon that a capital or a mark follows. Code blocks with a language
 * are code and left out; a block without one (a layout, a diagram) is read line by line.
 */
function sentences(markdown: string): string[] {
  const blocks: string[] = [];
  let lines: string[] = [];
  const end = () => {
    if (lines.length) blocks.push(lines.join(' '));
    lines = [];
  };
  let fence: 'prose' | 'code' | undefined;
  for (const line of markdown.replace(/<!--[\s\S]*?-->/g, '').split('\n')) {
    if (/^\s*```/.test(line)) {
      end();
      fence = fence ? undefined : /^\s*```\s*$/.test(line) ? 'prose' : 'code';
    } else if (fence === 'code') continue;
    else if (fence === 'prose' || /^\s*\|/.test(line)) {
      end();
      if (!/^\s*\|[\s|:-]+\|\s*$/.test(line)) blocks.push(line);
    } else if (/^\s*$/.test(line)) end();
    else {
      if (/^\s*(#+ |[-*+] |\d+\. )/.test(line)) end();
      lines.push(line.trim());
    }
  }
  end();
  return blocks.flatMap((block) =>
    block
      .replace(/\b(e\.g|i\.e|etc|vs)\./g, '$1\u2024')
      .split(/(?<=[.!?:])\s+(?=[A-Z`"*[(_])/)
      .map((sentence) => plain(sentence.replaceAll('\u2024', '.')))
      .filter(Boolean),
  );
}

const docs = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const said = new Map(docs.map((doc) => [doc, sentences(read(doc))]));
const says = (claim: Claim, sentence: string) => sentence.includes(plain(claim.says));

describe('claims that run', () => {
  it.each(docs)('every claim of %s is listed with its check', (doc) => {
    const listed = claims.filter((claim) => claim.doc === doc);
    const unlisted = (said.get(doc) ?? []).filter(
      (sentence) => trigger.test(sentence) && !listed.some((claim) => says(claim, sentence)),
    );
    expect(unlisted).toEqual([]);
  });

  it('lists only what the docs still say', () => {
    const gone = claims.filter(
      (claim) => !(said.get(claim.doc) ?? []).some((sentence) => says(claim, sentence)),
    );
    expect(gone.map(({ doc, says }) => `${doc}: ${says}`)).toEqual([]);
  });

  const checks = claims.flatMap((claim) => claim.checks);

  it('checks each claim with a test that exists', () => {
    const missing = checks.flatMap((check) => {
      if (!('test' in check)) return [];
      const names = existsSync(join(root, check.test)) ? testNamesIn(check.test) : [];
      const found = names.some(
        (name) => namePattern(name).test(check.name) || namePattern(check.name).test(name),
      );
      return found ? [] : [`${check.test}: ${check.name}`];
    });
    expect(checks.some((check) => 'test' in check)).toBe(true);
    expect(missing).toEqual([]);
  });

  it('checks each claim of imports with an import rule that exists', () => {
    const names = (config.forbidden ?? []).map((rule) => rule.name);
    const rules = checks.flatMap((check) => ('rule' in check ? [check.rule] : []));
    expect(rules.length).toBeGreaterThan(0);
    expect(rules.filter((name) => !names.includes(name))).toEqual([]);
  });

  it('checks each claim of one place with a guard that exists', () => {
    const guards = read('tests/unit/one-place.test.ts');
    const rows = checks.flatMap((check) => ('guard' in check ? [check.guard] : []));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => !guards.includes(`rule: '${row}'`))).toEqual([]);
  });

  it('says why a sentence is not a claim about the code', () => {
    const reasons = checks.flatMap((check) => ('not' in check ? [check.not] : []));
    expect(reasons.filter((reason) => reason.split(' ').length < 3)).toEqual([]);
  });

  it('has each import rule quote a sentence its doc says', () => {
    const quotes = (config.forbidden ?? []).map(({ name, comment = '' }) => {
      const [, doc = '', quote = ''] =
        /^(README|docs\/\w+\.md)\b[^:]*: "(.+?)"(?=[.:,;)\s]|$)/.exec(comment) ?? [];
      return { name, doc: doc === 'README' ? 'README.md' : doc, quote };
    });
    const unsaid = quotes.filter(({ doc, quote }) => {
      const text = plain(docs.includes(doc) ? read(doc) : '');
      return !quote || !quote.split(' … ').every((part) => text.includes(plain(part)));
    });
    expect(unsaid.map(({ name }) => name)).toEqual([]);
  });
});
