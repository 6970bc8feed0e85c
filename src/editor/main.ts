/**
 * The web editor in the browser (/admin/): Decap CMS, started with the configuration made from
 * our schemas (config.json), running every check the build runs before it writes a file, and
 * writing only what the writer changed. Bundled on its own by src/integrations/editor.ts; no
 * visitor page loads any of it. See docs/EDITOR.md.
 */
import { createElement } from 'react';
import { parse } from 'yaml';
import { formatDate, plural } from '@/lib/format';
import { DEFAULT_TIME_ZONE, dayIn, publishState } from '@/lib/publishing';
import { normalise, splitFrontmatter } from '@/lib/frontmatter';
import { blogSchema } from '@/schemas/blog';
import { recipeSchema } from '@/schemas/recipe';
import { teamSchema } from '@/schemas/team';
import { draftProblems, type Draft, type EditorProblem } from './checks';
import type { EditedCollection, EditorConfig } from './config';
import { formats, LIST_PHOTO } from './config';
import { page, type Backend, type Decap, type DecapEntry, type ImmutableMap } from './decap';
import type { EditorField } from './fields';
import { keptEntryFile, keptYaml } from './keep-text';
import { isFile, problemsAfter, snapshotOf, type SiteSnapshot } from './site-check';
import { Preview, previewRoot } from './preview';
import { editorContext } from './stand-ins';

// Decap starts itself when its script runs, with a config.yml; ours starts it with config.json.
page.CMS_MANUAL_INIT = true;

// Decap's remembered choices, set before its script reads them, until the writer makes their own:
// the preview opens on demand, and the list shows cards with their photos.
for (const [key, value] of [
  ['cms.right-pane', 'none'],
  ['decap-cms.entries.viewStyle', 'VIEW_STYLE_GRID'],
]) {
  if (!localStorage.getItem(key!)) localStorage.setItem(key!, value!);
}

const schemas = { recipes: recipeSchema, blog: blogSchema, team: teamSchema } satisfies Record<
  EditedCollection,
  unknown
>;

/**
 * Keys the editor keeps beside an entry's fields and never writes: the file it is about to write
 * (from the checks to the format), and what the list shows of each entry (its state).
 */
const FILE_TEXT = '__file';
const STATE = '__state';
const ours = (key: string) => key.startsWith('__') || key === LIST_PHOTO;

type Fields = Record<string, unknown>;

/** An entry file's fields, and its body if it has one, as the engine reads the file. */
function read(text: string): Fields {
  const parts = splitFrontmatter(normalise(text));
  if (!parts) return (parse(normalise(text)) ?? {}) as Fields;
  return { ...(parse(parts.yaml) ?? {}), body: parts.body.replace(/^\n+/, '') };
}

/** The site's time zone, in which a publish date goes live; the snapshot tells it at start-up. */
let timezone = DEFAULT_TIME_ZONE;

/** An entry's state in the engine's words, as of today: Draft, Scheduled for …, Published …. */
function stateOf(fields: Fields): string {
  const day = fields['publishDate'] ? new Date(String(fields['publishDate'])) : undefined;
  const placement = { draft: fields['draft'] === true, ...(day && { publishDate: day }) };
  const state = publishState(placement, dayIn(timezone, new Date()));
  const on = day && !Number.isNaN(day.valueOf()) ? formatDate(day) : '';
  if (state === 'draft') return 'Draft';
  return state === 'scheduled' ? `Scheduled for ${on}` : `Published ${on}`.trim();
}

/** A file as Decap reads it: its fields, with what the list shows of it. */
function readForList(text: string): Fields {
  const fields = read(text);
  const photo = (fields['image'] as { src?: unknown } | undefined)?.src;
  return {
    ...fields,
    [STATE]: stateOf(fields),
    ...(typeof photo === 'string' && { [LIST_PHOTO]: photo }),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Nothing to write: what Decap keeps for a field left empty. */
const empty = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !Array.isArray(value) && Object.values(value).every(empty));

/** "cover.jpg", as Decap writes a photo saved beside the entry, the way a person writes it. */
const besideTheEntry = (src: string) =>
  src && !/^(\.{1,2}\/|\/|[a-z][a-z\d+.-]*:)/i.test(src) ? `./${src}` : src;

/**
 * A field's value as the file will hold it: what the writer left alone stays as the file had it;
 * what they changed is trimmed, as the schemas read text, with photos written ./cover.jpg and a
 * group's fields in the schema's order (Decap keeps them in the order they were typed).
 */
function written(value: unknown, was: unknown, field: EditorField | undefined): unknown {
  if (same(value, was)) return was;
  if (typeof value === 'string') {
    const text = value.trim();
    return field?.widget === 'image' ? besideTheEntry(text) : text;
  }
  if (Array.isArray(value)) {
    const item = (field?.['field'] ?? field) as EditorField | undefined;
    return value.map((each, index) => written(each, (was as unknown[])?.[index], item));
  }
  if (value && typeof value === 'object') {
    const subfields = (field?.['fields'] ?? []) as EditorField[];
    return fieldsInOrder(value as Fields, was as Fields | undefined, subfields);
  }
  return value;
}

/** An object's values as written, keys in the order of `fields`, empty ones left out. */
function fieldsInOrder(data: Fields, was: Fields | undefined, fields: EditorField[]): Fields {
  const names = [...fields.map((field) => field.name), ...Object.keys(data)];
  const made: Fields = {};
  for (const name of new Set(names)) {
    if (!(name in data) || name === 'body' || ours(name)) continue;
    const field = fields.find((each) => each.name === name);
    // A field the writer typed in stays, spaces only too: the schema says what is wrong with it.
    if (!empty(data[name]) || (was && name in was))
      made[name] = written(data[name], was?.[name], field);
  }
  return made;
}

type Collection = EditorConfig['collections'][number];

/**
 * Decap's slug for a new entry's title, with the settings in config.ts: lower case, accents
 * and quotes dropped, anything else outside letters, digits, `-`, `_`, `.` and `~` a dash.
 */
const slugOf = (title: string) =>
  title
    .trim()
    .toLocaleLowerCase()
    .replace(/'/g, '')
    .replace(/\./g, '-')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w\-.~]/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');

/** The editor's view of one entry: what it is about to write, and what the file held. */
class Edit {
  readonly collection: EditedCollection;
  readonly config: Collection;
  readonly file: string;
  /** The file's text when it was opened; none for a new entry. */
  readonly raw: string | undefined;
  readonly original: Fields | undefined;
  readonly fields: Fields;
  readonly body: string | undefined;
  /** Photos uploaded in this session, by file name. */
  readonly uploads: string[];

  constructor(entry: DecapEntry, config: EditorConfig) {
    this.collection = entry.get('collection') as EditedCollection;
    this.config = config.collections.find((c) => c.name === this.collection)!;
    const data = (entry.get('data') as ImmutableMap).toJS();
    this.raw = entry.get('newRecord') ? undefined : ((entry.get('raw') as string) ?? undefined);
    this.original = this.raw === undefined ? undefined : read(this.raw);
    this.fields = fieldsInOrder(data, this.original, this.config.fields as EditorField[]);
    const markdown = this.config.format === formats.markdown;
    this.body = markdown ? String(data['body'] ?? '') : undefined;
    const name = String(data[this.config.identifier_field] ?? '');
    this.file = this.raw
      ? (entry.get('path') as string)
      : `${this.config.folder}/${slugOf(name)}/index.${this.config.extension}`;
    const media = (entry.get('mediaFiles') as ImmutableMap | undefined)?.toJS() ?? [];
    this.uploads = Object.values(media).map((file) => String((file as { name?: string }).name));
  }

  /** Whether a photo by this path is beside the entry: in the file as opened, or just uploaded. */
  photoThere = (src: string) =>
    (this.raw?.includes(src) ?? false) || this.uploads.some((name) => src === `./${name}`);

  draft(): Draft {
    const { collection, file, fields, body } = this;
    return { collection, file, fields, body, nameField: this.config.identifier_field };
  }

  /** The whole file: only what changed is new text, or a fresh file for a new entry. */
  text() {
    const order = this.config.fields.map((field) => field.name);
    return this.body === undefined
      ? keptYaml(this.raw, this.fields, order)
      : keptEntryFile(this.raw, this.fields, this.body, order);
  }
}

/** The editor's checks, over what the last build knew of the site; it learns each save. */
class Checks {
  #last = new WeakMap<object, ReturnType<typeof draftProblems>>();

  constructor(
    readonly config: EditorConfig,
    readonly site: SiteSnapshot,
  ) {}

  /** Every problem the build would find with `entry`; worked out once for each state of it. */
  of(entry: DecapEntry) {
    const data = entry.get('data') as object;
    let found = this.#last.get(data);
    if (!found) {
      const edit = new Edit(entry, this.config);
      const schema = schemas[edit.collection](editorContext(edit.photoThere) as never);
      found = draftProblems(edit.draft(), { schema, site: this.site, now: new Date() });
      this.#last.set(data, found);
    }
    return found;
  }

  /** The saved entry, as the next check of the site must see it. */
  saved(entry: DecapEntry) {
    const { indexed } = this.of(entry);
    if (!indexed) return;
    this.site.entries = [...this.site.entries.filter((e) => !isFile(e, indexed.file)), indexed];
  }

  deleted(file: string) {
    this.site.entries = this.site.entries.filter((entry) => !isFile(entry, file));
  }
}

/** "steps.2" as the editor's field paths name it: "steps[]". */
const asFieldPath = (path: readonly PropertyKey[]) =>
  path
    .map((part) => (typeof part === 'number' ? '[]' : String(part)))
    .join('.')
    .replaceAll('.[]', '[]');

/** Every field path of a collection's form. */
function fieldPaths(fields: EditorField[]): string[] {
  return fields.flatMap((field) => [
    field.path,
    ...fieldPaths([...((field['fields'] as EditorField[]) ?? [])]),
    ...(field['field'] ? [(field['field'] as EditorField).path] : []),
  ]);
}

/** A value as plain data: Decap hands lists and groups over as Immutable.js values. */
const plain = (value: unknown) => (value as ImmutableMap | undefined)?.toJS?.() ?? value;

/** The problems that show at the field at `path` whose value is `value`. */
function problemsAt(
  problems: EditorProblem[],
  {
    path,
    value,
    data,
    nameField,
    paths,
  }: {
    path: string;
    value: unknown;
    data: Fields;
    nameField: string;
    paths: Set<string>;
  },
) {
  const valueAt = (at: readonly PropertyKey[]) =>
    at.reduce<unknown>((v, key) => (v as Record<PropertyKey, unknown>)?.[key], data);
  return problems.filter((problem) => {
    const at = asFieldPath(problem.path);
    // A field the form does not have (a key unknown to the schema) shows at the entry's name.
    if (!paths.has(at)) return path === nameField;
    if (at !== path) return false;
    // One item of a list: the item whose value it is.
    return (
      !problem.path.some((key) => typeof key === 'number') ||
      same(valueAt(problem.path), plain(value))
    );
  });
}

/** A widget's control as Decap holds it: its props, and the control it wraps. */
type Control = {
  props: { entry: DecapEntry; field: ImmutableMap; value: unknown };
  /** The value it last drew. */
  value?: unknown;
  inner?:
    | {
        validate?: () => void;
        focus?: (path: unknown) => void;
        shouldComponentUpdate?: (next: Control['props']) => boolean;
      }
    | null
    | undefined;
};

/**
 * The draft as it is now. Decap hands each control the entry as it was when that control last
 * drew, so only the control whose value just changed (or a control just drawn) has it fresh.
 */
const latest: { entry: DecapEntry } = { entry: undefined as never };

/**
 * Decap's one save button says "Publish" whatever the entry is. A save writes the file; whether
 * the site shows it is the Draft switch: so for a draft the button and its menu say "Save
 * draft", and a saved draft is "Saved as a draft", not "Published".
 */
function relabelSaving() {
  const toolbar = document.querySelector('[class*="-ToolbarContainer"]');
  if (!toolbar || !latest.entry) return;
  const draft = (latest.entry.get('data') as ImmutableMap | undefined)?.get('draft') === true;
  const walker = document.createTreeWalker(toolbar, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    const action = /^(Publish|Save draft)( now| and create new| and duplicate)?$/.exec(text);
    const words = action
      ? `${draft ? 'Save draft' : 'Publish'}${action[2] ?? ''}`
      : /^(Published|Saved as a draft)$/.test(text)
        ? draft
          ? 'Saved as a draft'
          : 'Published'
        : text;
    if (words !== text) node.nodeValue = words;
  }
}

/** The widgets whose fields the checks speak at: every kind the form uses. */
const checkedWidgets = [
  'string',
  'text',
  'number',
  'datetime',
  'select',
  'relation',
  'boolean',
  'list',
  'object',
  'image',
  'markdown',
];

/**
 * Every widget of the form, also showing the engine's problems with its field, from the whole
 * entry's check, as the writer works and when they press Publish: each at its field, all at
 * once, until fixed.
 */
function registerFieldChecks(cms: Decap, checks: Checks) {
  const paths = Object.fromEntries(
    checks.config.collections.map((c) => [c.name, new Set(fieldPaths(c.fields as EditorField[]))]),
  );
  for (const name of checkedWidgets) {
    const { control, preview, ...options } = cms.getWidget(name) as Record<string, unknown>;
    // Groups and lists check their own fields when Decap asks them to: the ask is passed on.
    const container = name === 'object' || name === 'list';
    const Checked = page.createClass({
      isValid(this: Control) {
        const { field, value } = this.props;
        const entry = latest.entry;
        // An empty field Decap requires is Decap's to report: "… is required."
        if (field.get('required') !== false && empty(plain(value))) return true;
        const collection = entry.get('collection') as EditedCollection;
        if (!(collection in schemas)) return true;
        const config = checks.config.collections.find((c) => c.name === collection)!;
        const messages = problemsAt(checks.of(entry).problems, {
          path: field.get('path') as string,
          value,
          data: (entry.get('data') as ImmutableMap).toJS(),
          nameField: config.identifier_field,
          paths: paths[collection]!,
        }).map((problem) => problem.message);
        // Decap's "required" kind: its toast says the save waits for the fields marked in red.
        return messages.length
          ? { error: { type: 'PRESENCE', message: messages.join(' ') } }
          : true;
      },
      ...(container && {
        validate(this: Control) {
          this.inner?.validate?.();
        },
      }),
      // Decap asks the control whether to draw again; a group must, to show its fields' problems.
      shouldComponentUpdate(this: Control, next: Control['props']) {
        const own = this.inner?.shouldComponentUpdate;
        return own ? own.call(this.inner, next) : true;
      },
      focus(this: Control, path: unknown) {
        this.inner?.focus?.(path);
      },
      componentDidMount(this: Control) {
        latest.entry = this.props.entry;
      },
      render(this: Control) {
        // The field just changed: its entry is the draft as it is now.
        if (this.props.value !== this.value) {
          latest.entry = this.props.entry;
          queueMicrotask(relabelSaving);
        }
        this.value = this.props.value;
        return page.h(control, {
          ...this.props,
          ref: (inner: Control['inner']) => (this.inner = inner),
        });
      },
    });
    cms.registerWidget({ name, controlComponent: Checked, previewComponent: preview, ...options });
  }
}

/** A refusal, in Decap's toast as its words alone, without "Error:" before them. */
class Refusal extends Error {
  override toString() {
    return this.message;
  }
}

/**
 * Before a save: the same checks once more (a save the build would refuse is never written),
 * then the file, with only what changed written anew. Before a delete: what the site would say
 * without the entry.
 */
function registerSaveChecks(cms: Decap, checks: Checks) {
  cms.registerEventListener({
    name: 'preSave',
    handler: async ({ entry }) => {
      const data = entry.get('data') as ImmutableMap;
      if (!((entry.get('collection') as string) in schemas)) return data;
      const { problems } = checks.of(entry);
      if (problems.length) {
        const lines = problems.map((p) => `${asFieldPath(p.path) || 'The entry'}: ${p.message}`);
        throw new Error(`Not saved; the site would refuse it.\n${lines.join('\n')}`);
      }
      return data.set(FILE_TEXT, new Edit(entry, checks.config).text());
    },
  });
  cms.registerEventListener({
    name: 'postSave',
    handler: async ({ entry }) => void checks.saved(entry),
  });
  cms.registerEventListener({
    name: 'preUnpublish',
    handler: async ({ entry }) => {
      const file = entry.get('path') as string;
      const problems = problemsAfter(checks.site, { remove: file }, new Date());
      if (problems.length) {
        // The same words for every file that names it: said once, with the files.
        const files = Map.groupBy(problems, (p) => p.message);
        const lines = [...files].map(
          ([message, at]) => `${message} (${at.map((p) => p.file).join(', ')})`,
        );
        throw new Refusal(`the site would no longer build. ${lines.join(' ')}`);
      }
    },
  });
  cms.registerEventListener({
    name: 'postUnpublish',
    handler: async ({ entry }) => void checks.deleted(entry.get('path') as string),
  });
}

function registerFormats(cms: Decap) {
  const format = {
    fromFile: readForList,
    // The file as the checks left it; a fresh print only for Decap's own backups of a draft.
    toFile: ({ [FILE_TEXT]: text, body, ...data }: Fields, sortedKeys: string[] = []) => {
      if (typeof text === 'string') return text;
      const fields = Object.fromEntries(Object.entries(data).filter(([key]) => !ours(key)));
      return body === undefined
        ? keptYaml(undefined, fields, sortedKeys)
        : keptEntryFile(undefined, fields, String(body), sortedKeys);
    },
  };
  cms.registerCustomFormat(formats.markdown, 'md', format);
  cms.registerCustomFormat(formats.yaml, 'yaml', format);
}

const dir = (file: string) => file.slice(0, file.lastIndexOf('/'));
const isPhoto = (file: string) => /\.(jpe?g|png|webp|avif)$/i.test(file);

/**
 * Each backend (the GitHub one and the local proxy) as the editor needs it: a Markdown
 * collection lists its `.mdx` entries with its `.md` ones (Decap knows one ending a collection),
 * and deleting an entry deletes the photos only it used, its folder's with them.
 */
function registerFileKeeping(cms: Decap, checks: Checks) {
  const mdxPath = (path: string) => path.replace(/\.mdx\.md$/, '.mdx');
  const keep = (backend: Backend): Backend => {
    const { entriesByFolder, allEntriesByFolder, getEntry, getMedia, deleteFiles } = backend;
    const both = async (
      list: (extension: string) => Promise<Awaited<ReturnType<Backend['getEntry']>>[]>,
      extension: string,
    ) => (extension === 'md' ? [...(await list('md')), ...(await list('mdx'))] : list(extension));
    backend.entriesByFolder = (folder, extension, depth) =>
      both((ending) => entriesByFolder.call(backend, folder, ending, depth), extension);
    if (allEntriesByFolder) {
      backend.allEntriesByFolder = (folder, extension, depth, pathRegex) =>
        both(
          (ending) => allEntriesByFolder.call(backend, folder, ending, depth, pathRegex),
          extension,
        );
    }
    backend.getEntry = (path) => getEntry.call(backend, mdxPath(path));
    backend.deleteFiles = async (paths, commitMessage) => {
      const files = paths.map(mdxPath);
      const others = checks.site.entries.filter(
        (entry) => !files.some((file) => isFile(entry, file)),
      );
      const used = new Set(
        others.flatMap((entry) =>
          (entry.photos ?? []).map((src) =>
            new URL(src, `file:///${entry.file}`).pathname.slice(1),
          ),
        ),
      );
      for (const file of files) {
        const entry = checks.site.entries.find((each) => isFile(each, file));
        const own = (entry?.photos ?? []).map((src) =>
          new URL(src, `file:///${file}`).pathname.slice(1),
        );
        // An entry in a folder of its own takes the folder's photos with it.
        const folder = /\/index\.[^/]+$/.test(file)
          ? (await getMedia.call(backend, dir(file))).map((media) => media.path).filter(isPhoto)
          : [];
        files.push(
          ...[...own, ...folder].filter((photo) => !used.has(photo) && !files.includes(photo)),
        );
      }
      return deleteFiles.call(backend, files, commitMessage);
    };
    return backend;
  };
  for (const name of ['proxy', 'github']) {
    const registered = cms.getBackend(name);
    if (!registered) throw new Error(`Decap CMS has no "${name}" backend to keep files with.`);
    const { init } = registered;
    registered.init = (...args) => keep(init(...args));
  }
}

/**
 * The preview of each collection: the site's card for the entry, and where it will appear
 * (src/editor/preview.tsx), drawn by the site's React into Decap's preview pane. It opens on
 * demand, with the eye button, so the form has the width until then.
 */
function registerPreviews(cms: Decap, checks: Checks) {
  cms.registerPreviewStyle(new URL('./site.css', window.location.href).href);
  type Template = {
    props: { entry: DecapEntry; getAsset: (path: string) => { toString(): string } };
    element?: HTMLElement | null;
    root?: ReturnType<typeof previewRoot>;
  };
  const draw = (template: Template) => {
    const { entry, getAsset } = template.props;
    const { problems, indexed, data } = checks.of(entry);
    const src = String((entry.get('data') as ImmutableMap).getIn(['image', 'src']) ?? '');
    const edit = new Edit(entry, checks.config);
    const previewed = indexed &&
      data && {
        collection: edit.collection,
        data,
        body: edit.body,
        indexed,
        photoUrl: /^https:/.test(src) ? src : getAsset(src).toString(),
      };
    const waiting = `The card shows once the form has nothing left to fix (${problems.length} ${plural(problems.length, 'field')} to go).`;
    template.root?.render(createElement(Preview, { entry: previewed, waiting, site: checks.site }));
  };
  for (const collection of Object.keys(schemas)) {
    const Card = page.createClass({
      componentDidMount(this: Template) {
        if (this.element) this.root = previewRoot(this.element);
        draw(this);
      },
      componentDidUpdate(this: Template) {
        draw(this);
      },
      componentWillUnmount(this: Template) {
        this.root?.unmount();
      },
      render(this: Template) {
        return page.h('div', { ref: (element: HTMLElement | null) => (this.element = element) });
      },
    });
    cms.registerPreviewTemplate(collection, Card);
  }
}

/** On this computer the local proxy saves, and no account is needed. */
const onThisComputer = ['localhost', '127.0.0.1'].includes(window.location.hostname);

/** Decap's words where they would mislead or leave a writer guessing. */
function registerWords(cms: Decap) {
  const en = cms.getLocale('en') as {
    auth: Record<string, string>;
    ui: { toast: Record<string, string> };
    editor: { editorInterface: Record<string, string> };
    collection: { sidebar: Record<string, string> };
  };
  en.ui.toast['missingRequiredField'] =
    'Not saved yet: each field marked in red says what to change.';
  en.ui.toast['onFailToDelete'] = 'Not deleted: %{details}';
  if (onThisComputer) en.auth['login'] = 'Log in: no account needed on this computer';
  en.editor.editorInterface['togglePreview'] = 'Preview the card';
  // The search box searches the collection shown, or the one picked under it: not always all.
  en.collection.sidebar['searchAll'] = 'Search';
  cms.registerLocale('en', en);
}

// Fetched at once, beside Decap's own script (page.ts preloads both).
const json = (file: string) => fetch(file).then((response) => response.json() as Promise<unknown>);
const loaded = Promise.all([json('./config.json'), json('./site.json')]);

// Both scripts are deferred: Decap's has run by the time the document is parsed.
window.addEventListener('DOMContentLoaded', async () => {
  const [config, site] = await loaded;
  const cms = page.CMS;
  const checks = new Checks(config as EditorConfig, snapshotOf(site as SiteSnapshot));
  const settings = checks.site.entries.find((entry) => entry.collection === 'site');
  timezone = settings?.placement.timezone ?? DEFAULT_TIME_ZONE;
  registerFormats(cms);
  registerFieldChecks(cms, checks);
  registerSaveChecks(cms, checks);
  registerFileKeeping(cms, checks);
  registerPreviews(cms, checks);
  registerWords(cms);
  cms.init({ config });
  new MutationObserver(relabelSaving).observe(document.body, {
    subtree: true,
    childList: true,
    characterData: true,
  });
});
