/**
 * The import rules of .dependency-cruiser.js, each a sentence of the docs, run over src/,
 * scripts/ and tests/ with dependency-cruiser's API: a rule fails with every import that breaks
 * it, a rule whose modules are gone fails too, since it would guard nothing, and a rule whose
 * sentence the docs no longer say fails, so the two cannot drift apart.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { beforeAll, describe, expect, it } from 'vitest';
import config from '../../.dependency-cruiser.js';

const root = join(import.meta.dirname, '../..');
const rules: IForbiddenRuleType[] = config.forbidden ?? [];

let result: ICruiseResult;

beforeAll(async () => {
  const options = await extractDepcruiseOptions(join(root, '.dependency-cruiser.js'));
  const tsConfig = extractTSConfig(join(root, 'tsconfig.json'));
  const { output } = await cruise(
    ['src', 'scripts', 'tests'],
    { ...options, baseDir: root },
    {},
    { tsConfig },
  );
  if (typeof output === 'string') throw new Error('dependency-cruiser returned no result');
  result = output;
}, 60_000);

/** The paths of a rule's `from`, as a list. */
const fromPaths = (rule: IForbiddenRuleType) => [rule.from.path ?? []].flat();

describe('the import rules', () => {
  it('reads the project', () => {
    const sources = result.modules.map((module) => module.source);
    expect(sources).toContain('src/loaders/decide.ts');
    expect(sources).toContain('scripts/new-entry.ts');
    expect(sources).toContain('tests/unit/architecture.test.ts');
  });

  it.each(rules.map((rule) => [rule.name, rule] as const))('%s', (name, rule) => {
    const broken = result.summary.violations
      .filter((violation) => violation.rule.name === name)
      .map(({ from, to, cycle }) =>
        [from, ...(cycle ? cycle.map((step) => step.name) : [to])].join(' → '),
      );
    expect(broken, rule.comment).toEqual([]);
  });

  it.each(rules.flatMap((rule) => fromPaths(rule).map((path) => [rule.name, path] as const)))(
    '%s applies to modules that exist (%s)',
    (_name, path) => {
      const matched = result.modules.filter((module) => new RegExp(path).test(module.source));
      expect(matched.length).toBeGreaterThan(0);
    },
  );
});

/** Text as a reader reads it: no Markdown marks, one kind of apostrophe, single spaces. */
const plain = (text: string) =>
  text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .replace(/[‘’]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

describe('the import rules, as the docs say them', () => {
  it.each(rules.map((rule) => [rule.name, rule.comment ?? ''] as const))(
    '%s quotes a sentence its doc says',
    (_name, comment) => {
      // `README.md: "…"` or `docs/ENGINE.md: "…"`; ` … ` joins parts of one sentence.
      const [, doc = '', quote = ''] =
        /^((?:README|docs\/\w+)\.md)\b[^:]*: "(.+?)"/.exec(comment) ?? [];
      expect(doc, 'the rule names its doc').not.toBe('');
      const text = plain(readFileSync(join(root, doc), 'utf8'));
      for (const part of quote.split(' … ')) expect(text).toContain(plain(part));
    },
  );
});

describe('the one island', () => {
  it('the one island: NoticeToaster, in src/components/islands/', () => {
    const src = join(root, 'src');
    const hydrated = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.astro') && !file.startsWith('content/'))
      .flatMap((file) => {
        const text = readFileSync(join(src, file), 'utf8');
        return [...text.matchAll(/<(\w+)\s[^>]*\bclient:\w+/g)].map(([, name]) => {
          const imported = `import\\s+(?:\\{[^}]*\\b${name}\\b[^}]*\\}|${name})\\s+from\\s+'([^']+)'`;
          const from = new RegExp(imported).exec(text)?.[1];
          return `${name} from ${from}`;
        });
      });
    expect(hydrated).toEqual(['NoticeToaster from @/components/islands/NoticeToaster']);
    expect(readdirSync(join(src, 'components/islands'))).toEqual(['NoticeToaster.tsx']);
  });
});

describe('the engine’s files', () => {
  it('the index is the one owner of directory listings: no other module of the engine reads a directory', () => {
    const loaders = join(root, 'src/loaders');
    const reading = readdirSync(loaders)
      .filter((file) =>
        readFileSync(join(loaders, file), 'utf8').match(/\b(readdir|opendir)(Sync)?\(/),
      )
      .sort();
    expect(reading).toEqual(['entry-index.ts']);
  });
});
