/**
 * Help in VS Code for writers: the JSON schemas `astro sync` writes to .astro/collections/, which the
 * Astro VS Code extension (frontmatter) and Red Hat's YAML extension (.yaml entries) check each
 * entry against while it is typed. Validated here with Ajv, as a JSON Schema 2020-12 editor would.
 */
import { copyFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, matchesGlob, relative, sep } from 'node:path';
import Ajv, { type ErrorObject } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { contentFolders } from '@/config';
import { projectRoot } from '../../scripts/lib/scratch-project.ts';
import { astro } from '../support/astro-cli';
import { scratchProject } from './scratch';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 240_000 });

type Data = Record<string, unknown>;
type Schema = Record<string, unknown>;

/** The collections writers write, each a folder of src/content. */
const collectionNames = Object.keys(contentFolders);

/** Every committed entry file, relative to the project and with / separators. */
const entryFiles = readdirSync(join(projectRoot, 'src/content'), {
  recursive: true,
  withFileTypes: true,
})
  .filter((entry) => entry.isFile() && /\.(mdx?|ya?ml)$/.test(entry.name))
  .map((entry) => relative(projectRoot, join(entry.parentPath, entry.name)).split(sep).join('/'))
  .sort();

/** An entry's fields as an editor reads them: its YAML, or the frontmatter of its Markdown. */
function fieldsOf(file: string): Data {
  const text = readFileSync(join(projectRoot, file), 'utf8').replace(/^\uFEFF/, '');
  const yaml = /\.ya?ml$/.test(file) ? text : /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
  if (yaml === undefined) throw new Error(`${file} has no frontmatter`);
  return parse(yaml) as Data;
}

/**
 * The Astro VS Code extension's reader of `.astro/collections/collections.json`: its language
 * server, `@astrojs/language-server`, which `@astrojs/check` installs here and the extension
 * bundles. Its code is run as it is, on what `astro sync` wrote, so an upgrade that reads another
 * file or other keys fails here, not on a writer's computer.
 */
const languageServer = createRequire(
  createRequire(import.meta.url).resolve('@astrojs/language-server/package.json'),
);
type Uri = { fsPath: string; toString(): string };
const { URI } = languageServer('vscode-uri') as {
  URI: { file(path: string): Uri; parse(uri: string): Uri };
};
/** A workspace's collections.json as the server holds it once read. */
type CollectionConfig = { configs: { folder: Uri; config: unknown }[] };
const { getFrontmatterLanguagePlugin } = languageServer('./dist/core/frontmatterHolders.js') as {
  getFrontmatterLanguagePlugin(config: CollectionConfig): {
    getLanguageId(file: Uri): string | undefined;
    createVirtualCode(
      file: Uri,
      languageId: string,
      snapshot: { getText(start: number, end: number): string; getLength(): number },
    ): { collection: string | undefined; embeddedCodes: { id: string }[] };
  };
};
const { getSettings } = languageServer('./dist/plugins/yaml.js') as {
  getSettings(config: CollectionConfig): { schemas: { fileMatch: string[]; uri: string }[] };
};

/**
 * The file the language server reads from a workspace folder, from its own code (it reads it
 * in the server's start-up, which takes a whole editor connection to run).
 */
function fileTheServerReads() {
  const code = readFileSync(languageServer.resolve('./dist/nodeServer.js'), 'utf8');
  const file = /joinPath\(folderUri, '([^']+)'\)/.exec(code)?.[1];
  if (!file)
    throw new Error('The Astro language server no longer reads collections.json as before');
  return file;
}

/** A VS Code settings file: JSON, as prettier keeps it. */
const vscode = (file: string) =>
  JSON.parse(readFileSync(join(projectRoot, '.vscode', file), 'utf8')) as Record<string, unknown>;

const clone = (data: Data): Data => structuredClone(data);

/**
 * Ajv set up to judge an entry as VS Code's JSON language service does: 4.8 is a multiple of 0.1
 * (Ajv's multipleOfPrecision, where plain floating point says no), `format: date` is checked by
 * its form alone (ajv-formats' fast mode, a pattern as VS Code's), and the annotation our schemas
 * add for the web editor (`multiline`, from `paragraph()` in src/schemas/fields.ts) checks
 * nothing, as JSON Schema lets an unknown keyword do; Ajv's strict mode would otherwise refuse it.
 */
const editorLike = (ajv: Ajv) =>
  addFormats(ajv, { mode: 'fast' }).addKeyword({
    keyword: 'multiline',
    schemaType: 'boolean',
  });

describe('content IntelliSense', () => {
  let dir = '';
  const schemas = new Map<string, Schema>();
  /** The scratch project's collections.json, as the extension's language server holds it. */
  let extension: CollectionConfig;
  const ajv = editorLike(new Ajv({ allErrors: true, multipleOfPrecision: 9 }));
  // For a schema with one check taken out, which Ajv's strict mode would warn about.
  const lenient = editorLike(new Ajv({ allErrors: true, multipleOfPrecision: 9, strict: false }));

  /** Ajv's errors for `data` against a collection's schema; [] when it is accepted. */
  const problems = (collection: string, data: Data, schema = schemas.get(collection), by = ajv) => {
    if (!schema) throw new Error(`No schema for ${collection}`);
    const validate = by.compile(schema);
    return validate(data) ? [] : (validate.errors ?? []);
  };
  const summary = (errors: ErrorObject[]) =>
    errors.map((e) => `${e.instancePath || '/'} ${e.keyword}: ${e.message ?? ''}`).join('\n');

  /** The first committed entry of a collection, by file name. */
  const sample = (collection: string) => {
    const file = entryFiles.find((f) => f.startsWith(`src/content/${collection}/`));
    if (!file) throw new Error(`No committed ${collection} entry`);
    const data = fieldsOf(file);
    expect(problems(collection, data), `${file} as committed`).toEqual([]);
    return data;
  };

  /**
   * Expects `data` to be rejected for `keyword` at `path`, and only because of it: with that one
   * check taken out of the schema, the same data passes.
   */
  const rejectedFor = (
    collection: string,
    data: Data,
    path: string,
    keyword: string,
    loosen: (schema: Schema) => void,
  ) => {
    const errors = problems(collection, data);
    expect(errors.map((e) => [e.instancePath, e.keyword])).toContainEqual([path, keyword]);
    const loose = structuredClone(schemas.get(collection)) as Schema;
    loosen(loose);
    expect(problems(collection, data, loose, lenient), 'with the check taken out').toEqual([]);
  };

  /** A property's schema inside an object schema. */
  const property = (schema: Schema, name: string) =>
    (schema['properties'] as Record<string, Schema>)[name] as Schema;

  /** A writer's file whose name a URL must encode: a space, and letters with accents. */
  const spelledOut = 'src/content/blog/Crème brûlée my way.mdx';

  beforeAll(() => {
    dir = scratchProject();
    const post = entryFiles.find(
      (file) => file.startsWith('src/content/blog/') && file.endsWith('.mdx'),
    );
    copyFileSync(join(dir, post!), join(dir, spelledOut));
    const { status, output } = astro(dir, 'sync');
    expect(status, output).toBe(0);
    const folder = join(dir, '.astro/collections');
    for (const file of readdirSync(folder).filter((f) => f.endsWith('.schema.json'))) {
      schemas.set(
        file.replace(/\.schema\.json$/, ''),
        JSON.parse(readFileSync(join(folder, file), 'utf8')),
      );
    }
    const read = join(dir, fileTheServerReads());
    expect(existsSync(read), `the Astro extension reads ${read}, which is not there`).toBe(true);
    extension = {
      configs: [{ folder: URI.file(dir), config: JSON.parse(readFileSync(read, 'utf8')) }],
    };
  });

  it('writes a JSON schema for every collection writers write', () => {
    expect(collectionNames).toEqual(expect.arrayContaining(['recipes', 'blog', 'team', 'site']));
    for (const name of collectionNames) {
      const schema = schemas.get(name);
      expect(schema?.['$schema'], name).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(schema?.['additionalProperties'], name).toBe(false);
    }
  });

  it("tells the Astro extension every Markdown entry's collection and its schema, as the extension reads them", () => {
    const frontmatter = getFrontmatterLanguagePlugin(extension);
    const schemaFor = (embedded: string) =>
      getSettings(extension).schemas.find(({ fileMatch }) =>
        fileMatch.some((glob) => glob.startsWith(`volar-embedded-content://${embedded}/`)),
      )?.uri;
    const markdown = [...entryFiles.filter((file) => /\.mdx?$/.test(file)), spelledOut];
    expect(new Set(markdown.map((file) => file.split('/')[2]))).toEqual(
      new Set(['recipes', 'blog']),
    );
    for (const file of markdown) {
      const collection = file.split('/')[2];
      const uri = URI.file(join(dir, file));
      const text = readFileSync(uri.fsPath, 'utf8');
      const code = frontmatter.createVirtualCode(uri, frontmatter.getLanguageId(uri) ?? '', {
        getText: (start, end) => text.slice(start, end),
        getLength: () => text.length,
      });
      expect(code.collection, file).toBe(collection);
      // Its frontmatter is checked against the schema `astro sync` wrote for its collection.
      const schema = schemaFor(code.embeddedCodes[0]?.id ?? '');
      expect(schema && URI.parse(schema).fsPath, file).toBe(
        join(dir, '.astro/collections', `${collection}.schema.json`),
      );
    }
  });

  it('accepts every committed entry', () => {
    for (const file of entryFiles) {
      const errors = problems(file.split('/')[2] ?? '', fieldsOf(file));
      expect(errors, `${file}:\n${summary(errors)}`).toEqual([]);
    }
  });

  it('rejects a field no schema has, such as drafts: true, in every collection', () => {
    for (const collection of collectionNames) {
      const data = { ...sample(collection), drafts: true };
      rejectedFor(collection, data, '', 'additionalProperties', (schema) => {
        delete schema['additionalProperties'];
      });
    }
  });

  it('rejects a rating above 5', () => {
    const recipe = { ...sample('recipes'), rating: 7.5 };
    rejectedFor('recipes', recipe, '/rating', 'maximum', (schema) => {
      delete property(schema, 'rating')['maximum'];
    });
  });

  it('rejects a category that is not on the list, such as Cookery', () => {
    for (const collection of ['recipes', 'blog']) {
      const data = { ...sample(collection), category: 'Cookery' };
      rejectedFor(collection, data, '/category', 'enum', (schema) => {
        delete property(schema, 'category')['enum'];
      });
    }
  });

  it('rejects a number written as words, a date not written YYYY-MM-DD, and a photo with no alt', () => {
    rejectedFor('recipes', { ...sample('recipes'), servings: 'four' }, '/servings', 'type', (s) => {
      delete property(s, 'servings')['type'];
    });
    const post = { ...sample('blog'), publishDate: '12/03/2025' };
    rejectedFor('blog', post, '/publishDate', 'pattern', (schema) => {
      // `format: date` says the same thing in JSON Schema's own word.
      delete property(schema, 'publishDate')['pattern'];
      delete property(schema, 'publishDate')['format'];
    });
    const member = clone(sample('team'));
    delete (member['image'] as Data)['alt'];
    rejectedFor('team', member, '/image', 'required', (schema) => {
      property(schema, 'image')['required'] = ['src'];
    });
  });

  it('rejects a rating with more than one decimal, such as 4.85, and takes 4.8', () => {
    const recipe = sample('recipes');
    expect(problems('recipes', { ...recipe, rating: 4.8 })).toEqual([]);
    rejectedFor('recipes', { ...recipe, rating: 4.85 }, '/rating', 'multipleOf', (schema) => {
      delete property(schema, 'rating')['multipleOf'];
    });
  });

  it('leaves to npm run check:content what a schema cannot know', () => {
    // Each of these is stopped by `npm run check:content` and the build (tests/content/writers.test.ts).
    const recipe = sample('recipes');
    for (const change of [
      { author: 'nobody-on-the-team' },
      { publishDate: '2025-02-30' },
      { image: { src: './photo-not-there.jpg', alt: 'A photo that is missing' } },
    ]) {
      expect(problems('recipes', { ...recipe, ...change }), JSON.stringify(change)).toEqual([]);
    }
  });

  it('is switched on for VS Code: extensions, the Astro setting, and a schema for each YAML entry', () => {
    expect(vscode('extensions.json')['recommendations']).toEqual(
      expect.arrayContaining(['astro-build.astro-vscode', 'redhat.vscode-yaml']),
    );
    const settings = vscode('settings.json');
    expect(settings['astro.content-intellisense']).toBe(true);
    const yamlSchemas = Object.entries(settings['yaml.schemas'] as Record<string, string[]>);
    const yamlFiles = entryFiles.filter((file) => /\.ya?ml$/.test(file));
    expect(yamlFiles.length).toBeGreaterThan(0);
    for (const file of yamlFiles) {
      const mapped = yamlSchemas
        .filter(([, globs]) => globs.some((glob) => matchesGlob(file, glob)))
        .map(([schema]) => schema);
      expect(mapped, file).toEqual([`./.astro/collections/${file.split('/')[2]}.schema.json`]);
    }
  });
});
