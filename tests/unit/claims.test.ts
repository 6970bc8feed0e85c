/**
 * Claims that run: every sentence of README.md and docs/*.md that says something is so only in
 * one place, never, alone or once is listed in claims.yaml with the check that fails when the
 * code stops being so: a test (its file and name), an import rule of .dependency-cruiser.js, or a
 * guard of "One rule, one place" (tests/unit/one-place.test.ts). A sentence whose word is not a
 * claim about the code (advice, history, a measurement) says why instead. A new sentence of the
 * kind fails here until it is listed, and a listed one the docs no longer say fails too.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import config from '../../.dependency-cruiser.js';
import { namePattern, testNamesIn } from './test-names';

const root = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** The words that make a sentence a claim about where something is, or is not. */
const trigger =
  /\b(only|never|one place|the one|imports? nothing|nothing else|alone|single source|(?:stated|said|written|declared) once)\b/i;

/** A claim: a fragment of its sentence, and the checks that hold it or why it is not one. */
type Claim = { doc: string; says: string; checks: string[]; not?: string };

const listed = yaml.load(read('tests/unit/claims.yaml')) as Record<string, Omit<Claim, 'doc'>[]>;
const claims: Claim[] = Object.entries(listed).flatMap(([doc, entries]) =>
  entries.map(({ says, checks = [], not }) => ({ doc, says, checks, ...(not ? { not } : {}) })),
);
const checks = claims.flatMap((claim) => claim.checks);
/** The checks of one kind: `rule name`, `guard row`, or a test as `file › name`. */
const ofKind = (kind: RegExp) => checks.flatMap((check) => kind.exec(check)?.slice(1) ?? []);

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

  it('has each claim checked, or says why it is not a claim about the code', () => {
    const unchecked = claims.filter(({ checks, not }) =>
      not ? checks.length > 0 || not.split(' ').length < 3 : checks.length === 0,
    );
    const unknown = checks.filter((check) => !/^(rule|guard) .|^tests\/\S+ › ./.test(check));
    expect(unchecked.map(({ doc, says }) => `${doc}: ${says}`)).toEqual([]);
    expect(unknown).toEqual([]);
  });

  it('checks each claim with a test that exists', () => {
    const tests = checks.flatMap((check) => {
      const [, file = '', name = ''] = /^(tests\/\S+) › (.+)$/.exec(check) ?? [];
      return file ? [{ file, name }] : [];
    });
    const missing = tests.filter(({ file, name }) => {
      const names = existsSync(join(root, file)) ? testNamesIn(file) : [];
      return !names.some((one) => namePattern(one).test(name) || namePattern(name).test(one));
    });
    expect(tests.length).toBeGreaterThan(0);
    expect(missing.map(({ file, name }) => `${file} › ${name}`)).toEqual([]);
  });

  it('checks each claim of imports with an import rule that exists', () => {
    const names = (config.forbidden ?? []).map((rule) => rule.name);
    const rules = ofKind(/^rule (.+)$/);
    expect(rules.length).toBeGreaterThan(0);
    expect(rules.filter((name) => !names.includes(name))).toEqual([]);
  });

  it('checks each claim of one place with a guard that exists', () => {
    const guards = read('tests/unit/one-place.test.ts');
    const rows = ofKind(/^guard (.+)$/);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => !guards.includes(`rule: '${row}'`))).toEqual([]);
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
