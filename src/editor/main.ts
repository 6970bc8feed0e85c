/**
 * The web editor in the browser (/admin/): Decap CMS, started with the configuration made from
 * our schemas (config.json), checking each field with the same schemas and the same words as the
 * content engine, and writing files as a person would. Bundled on its own by
 * src/integrations/editor.ts; no visitor page loads any of it.
 */
import { stringify, parse } from 'yaml';
import * as prettier from 'prettier/standalone';
import * as markdown from 'prettier/plugins/markdown';
import { blogSchema } from '@/schemas/blog';
import { recipeSchema } from '@/schemas/recipe';
import { teamSchema } from '@/schemas/team';
import { normalise, splitFrontmatter } from '@/lib/frontmatter';
import { parsing } from '@/loaders/entry-checks';
import { fieldName } from '@/loaders/problems';
import type { EditedCollection, EditorConfig } from './config';
import { formats } from './config';
import type { EditorField } from './fields';
import { editorContext } from './stand-ins';

/** Immutable.js values as Decap hands them over; only what this file uses. */
type ImmutableMap = {
  get(key: string): unknown;
  has(key: string): boolean;
  set(key: string, value: unknown): ImmutableMap;
  updateIn(path: string[], update: (value: unknown) => unknown): ImmutableMap;
  map(change: (value: unknown, key: string) => unknown): ImmutableMap;
  clear(): ImmutableMap;
  toJS(): Record<string, unknown>;
};
type Decap = {
  init(options: { config: EditorConfig }): void;
  getWidget(name: string): { control: unknown; preview: unknown };
  registerWidget(name: string, control: unknown, preview: unknown): void;
  registerEventListener(listener: {
    name: 'preSave';
    handler: (event: { entry: ImmutableMap }) => Promise<unknown>;
  }): void;
  registerCustomFormat(
    name: string,
    extension: string,
    format: {
      fromFile(text: string): Record<string, unknown>;
      toFile(data: Record<string, unknown>, sortedKeys?: string[]): string;
    },
  ): void;
};
type DecapWindow = Window & {
  CMS_MANUAL_INIT?: boolean;
  CMS: Decap;
  h: (type: unknown, props: Record<string, unknown>) => unknown;
  createClass: (spec: Record<string, unknown>) => unknown;
};
const page = window as unknown as DecapWindow;

// Decap starts itself when its script runs, with a config.yml; ours starts it with config.json.
page.CMS_MANUAL_INIT = true;

const schemas = {
  recipes: recipeSchema(editorContext as never),
  blog: blogSchema(editorContext as never),
  team: teamSchema(editorContext as never),
} satisfies Record<EditedCollection, unknown>;

/** An entry's fields as the engine reads them, from Decap's data: the body is not a field. */
function fieldsOf(data: ImmutableMap) {
  const fields = data.toJS();
  delete fields['body'];
  return fields;
}

/** The nested fields of the field called `name`, if it is a group or a list of groups. */
const fieldNamed = (fields: EditorField[], name: string) =>
  fields.find((field) => field.name === name)?.['fields'] as EditorField[] | undefined;

/** "steps.2" as the editor's field paths name it: "steps[]". */
const asFieldPath = (path: readonly PropertyKey[]) =>
  path
    .map((part) => (typeof part === 'number' ? '[]' : String(part)))
    .join('.')
    .replaceAll('.[]', '[]');

/** The engine's problems with an entry, each with the path of the field it is about. */
function problemsOf(collection: EditedCollection, data: Record<string, unknown>) {
  const result = schemas[collection].safeParse(data, parsing);
  return (result.error?.issues ?? []).map((issue) => ({
    path: asFieldPath(issue.path),
    field: fieldName(issue.path),
    message: issue.message,
  }));
}

/** "cover.jpg", as Decap writes a photo saved beside the entry, the way a person writes it. */
const besideTheEntry = (src: unknown) =>
  typeof src === 'string' && src && !/^(\.{1,2}\/|\/|[a-z]+:)/i.test(src) ? `./${src}` : src;

/** Strings trimmed, as the schemas read them, all the way down Decap's lists and maps. */
const trimmed = (value: unknown): unknown =>
  typeof value === 'string'
    ? value.trim()
    : (value as ImmutableMap | undefined)?.map
      ? (value as ImmutableMap).map(trimmed)
      : value;

/**
 * `value` with its keys in the order of `fields`, nested groups too. Decap orders an entry's own
 * fields, but keeps a group's in the order they were typed; the files keep the schema's order.
 */
function inFieldOrder(value: unknown, fields: EditorField[] | undefined): unknown {
  const map = value as ImmutableMap | undefined;
  if (!fields || !map?.map) return value;
  if (Array.isArray(map.toJS())) return map.map((item) => inFieldOrder(item, fields)); // groups
  let ordered = map.clear(); // a small Immutable map keeps the order keys are set in
  for (const field of fields) {
    if (map.has(field.name)) {
      ordered = ordered.set(
        field.name,
        inFieldOrder(map.get(field.name), field['fields'] as EditorField[]),
      );
    }
  }
  return ordered;
}

/**
 * YAML as the committed files have it: fields in the schema's order (Decap's `sortedKeys`), no
 * folded lines, single quotes only where needed.
 */
function yaml(data: Record<string, unknown>, sortedKeys: string[]) {
  const rank = (key: string) => sortedKeys.indexOf(key) + 1 || sortedKeys.length + 1;
  const ordered = Object.entries(data).sort(([a], [b]) => rank(a) - rank(b));
  return stringify(Object.fromEntries(ordered), { lineWidth: 0, singleQuote: true });
}

function registerFormats(cms: Decap) {
  cms.registerCustomFormat(formats.markdown, 'mdx', {
    fromFile(text) {
      const parts = splitFrontmatter(normalise(text));
      if (!parts) return { body: normalise(text) };
      return { ...(parse(parts.yaml) ?? {}), body: parts.body.replace(/^\n+/, '') };
    },
    toFile({ body = '', ...data }, sortedKeys = []) {
      const text = String(body).trim();
      return `---\n${yaml(data, sortedKeys)}---\n${text ? `\n${text}\n` : ''}`;
    },
  });
  cms.registerCustomFormat(formats.yaml, 'yaml', {
    fromFile: (text) => (parse(normalise(text)) ?? {}) as Record<string, unknown>,
    toFile: (data, sortedKeys = []) => yaml(data, sortedKeys),
  });
}

/**
 * Decap's text, number and date widgets, each also showing the engine's message for its field
 * as the writer types: the same words `npm run check:content` prints. (A choice from a list, a
 * team member or a photo cannot be wrong in a way the schema sees; the save checks them all.)
 */
function registerFieldChecks(cms: Decap) {
  for (const name of ['string', 'text', 'number', 'datetime']) {
    const { control: Base, preview } = cms.getWidget(name);
    const Checked = page.createClass({
      isValid(this: { inner?: { isValid?: () => unknown }; props: Record<string, ImmutableMap> }) {
        const own = this.inner?.isValid?.() ?? true;
        if (own !== true) return own;
        const value = this.props['value'] as unknown;
        // An empty field is Decap's to report: "… is required".
        if (value === undefined || value === null || value === '') return true;
        const entry = this.props['entry']!;
        const collection = entry.get('collection') as EditedCollection;
        if (!(collection in schemas)) return true;
        const path = this.props['field']!.get('path');
        const data = entry.get('data') as ImmutableMap;
        const problem = problemsOf(collection, fieldsOf(data)).find((p) => p.path === path);
        return problem ? { error: { type: 'CUSTOM', message: problem.message } } : true;
      },
      render(this: { props: Record<string, unknown>; inner?: unknown }) {
        return page.h(Base, { ...this.props, ref: (inner: unknown) => (this.inner = inner) });
      },
    });
    cms.registerWidget(name, Checked, preview);
  }
}

/**
 * Before a save: photo paths written ./cover.jpg, text trimmed, keys in the schema's order, the
 * body formatted as Prettier leaves it, and the whole entry checked by its schema. A save the
 * build would refuse is refused here with the engine's words, and the writer's work stays.
 */
function registerSaveChecks(cms: Decap, config: EditorConfig) {
  cms.registerEventListener({
    name: 'preSave',
    handler: async ({ entry }) => {
      const collection = entry.get('collection') as EditedCollection;
      const fields = config.collections.find((c) => c.name === collection)?.fields;
      if (!fields) return entry.get('data');
      let data = (entry.get('data') as ImmutableMap).map((value, key) =>
        key === 'body' ? value : inFieldOrder(trimmed(value), fieldNamed(fields, key)),
      );
      if (data.has('image')) data = data.updateIn(['image', 'src'], besideTheEntry);
      const problems = problemsOf(collection, fieldsOf(data));
      if (problems.length) {
        const lines = problems.map((p) => `${p.field || 'The entry'}: ${p.message}`);
        throw new Error(`Not saved; the site would refuse it.\n${lines.join('\n')}`);
      }
      const body = data.get('body');
      if (typeof body === 'string' && body.trim()) {
        // Decap's Markdown uses * for bullets and its own spacing; Prettier's is the project's.
        const options = { parser: 'mdx', plugins: [markdown], singleQuote: true, printWidth: 100 };
        data = data.set('body', await prettier.format(body, options));
      }
      return data;
    },
  });
}

window.addEventListener('DOMContentLoaded', async () => {
  const response = await fetch('./config.json', { cache: 'no-store' });
  const config = (await response.json()) as EditorConfig;
  const cms = page.CMS;
  registerFormats(cms);
  registerFieldChecks(cms);
  registerSaveChecks(cms, config);
  cms.init({ config });
});
