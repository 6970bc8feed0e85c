/**
 * The web editor's whole configuration (Decap CMS's `config`), made from the collections' JSON
 * schemas and src/config.ts's folders at build time, never written by hand: a schema change
 * changes the editor with it. See docs/EDITOR.md.
 */
import { contentFolders, markdownExtensions } from '@/config';
import {
  editedCollections,
  formats,
  LIST_PHOTO,
  STATE,
  type EditedCollection,
  type EditorField,
  type JsonSchema,
} from '../contract';
import { editorFields, type NameFieldOf } from './fields';

/** Where the editor saves: GitHub from the site, and the local proxy on a writer's computer. */
export type EditorBackend = {
  /** owner/name of the GitHub repository; the editor commits there. */
  repo?: string | undefined;
  branch?: string | undefined;
  /** Where the OAuth exchange for GitHub runs (docs/EDITOR.md); Netlify's when unset. */
  authUrl?: string | undefined;
  /** The port of `decap-server`, which `npm run editor` starts: files saved straight to disk. */
  localPort: number;
};

/** The field that names an entry: the schema's first (a recipe's title, a member's name). */
const nameField = (schema: JsonSchema) => Object.keys(schema.properties ?? {})[0] ?? 'title';

function collection(name: EditedCollection, schema: JsonSchema, nameFieldOf: NameFieldOf) {
  const { folder, extensions } = contentFolders[name];
  const markdown = extensions === markdownExtensions;
  const fields = editorFields(schema, nameFieldOf).map((field): EditorField =>
    // What a writer starts stays off the site until they untick it.
    field.name === 'draft'
      ? {
          ...field,
          default: true,
          hint: `${field.hint ?? ''} Here, a new entry starts as one.`.trim(),
        }
      : field,
  );
  const identifier = nameField(schema);
  return {
    name,
    label: editedCollections[name].label,
    label_singular: editedCollections[name].singular,
    folder,
    // One folder per entry, its photos beside it: blog/my-post/index.mdx and blog/my-post/cover.jpg.
    path: '{{slug}}/index',
    media_folder: '',
    public_folder: '',
    // A new entry takes the collection's first ending: plain Markdown, where braces, `<` and HTML
    // comments are text; the editor also lists and keeps its .mdx files (browser/decap/backends.ts).
    extension: extensions[0]!.slice(1),
    format: markdown ? formats.markdown : formats.yaml,
    create: true,
    delete: true,
    // The site's own card for the entry, on demand (browser/preview/card.tsx).
    editor: { preview: true },
    identifier_field: identifier,
    // Each entry's state by the engine's rule (browser/saving/edit.ts, readForList).
    summary: `{{${identifier}}} · {{${STATE}}}`,
    fields: [
      ...fields,
      ...(markdown
        ? [
            {
              name: 'body',
              path: 'body',
              label: 'Text (optional)',
              widget: 'markdown',
              required: false,
              // Markdown as the writer types it: the rich mode rewrites what it does not change.
              modes: ['raw'],
              hint: 'Markdown: `**bold**`, `*italic*`, `[a link](https://…)`, `## a heading`, `- a list`.',
            },
          ]
        : []),
      // Decap's list shows a photo only from a top-level image field: the entry's photo, copied
      // there when a file is read (browser/saving/edit.ts), never written, its control hidden.
      {
        name: LIST_PHOTO,
        path: LIST_PHOTO,
        label: 'Photo in the list',
        widget: 'image',
        required: false,
      },
    ],
  };
}

/** Decap CMS's configuration for `schemas`, the JSON schema of each edited collection. */
export function editorConfig(
  schemas: Record<EditedCollection, JsonSchema>,
  backend: EditorBackend,
) {
  const nameFieldOf = (name: string) => nameField(schemas[name as EditedCollection] ?? {});
  return {
    load_config_file: false,
    backend: {
      name: 'github',
      repo: backend.repo ?? 'OWNER/REPOSITORY',
      branch: backend.branch ?? 'main',
      ...(backend.authUrl && { base_url: backend.authUrl }),
    },
    local_backend: { url: `http://localhost:${backend.localPort}/api/v1` },
    publish_mode: 'simple',
    // The collections' common folder. Each keeps its photos beside its entries: this is never used.
    media_folder: contentFolders.recipes.folder.replace(/\/[^/]+$/, ''),
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
    collections: (Object.keys(editedCollections) as EditedCollection[]).map((name) =>
      collection(name, schemas[name], nameFieldOf),
    ),
  };
}
