/**
 * The web editor's fields come from the schemas and from nowhere else: every field of every
 * schema has an editor field, and the editor has no field the schemas lack, at every depth; the
 * kinds of field (choices, dates, team members, lists, photos) and their limits are the schemas'.
 * The schemas are walked here through Zod's own accessors, not through the JSON schema the
 * editor is made from, so a field lost on the way fails.
 */
import { z } from 'astro/zod';
import { describe, expect, it, vi } from 'vitest';
import { blogCategories, difficulties, recipeCategories } from '@/schemas/vocabulary';
import { blogSchema } from '@/schemas/blog';
import { recipeSchema } from '@/schemas/recipe';
import { teamSchema } from '@/schemas/team';
import { jsonSchemas } from '@/editor/browser/schemas';
import { editorContext } from '@/editor/browser/stand-ins';
import {
  editedCollections,
  LIST_PHOTO,
  type EditedCollection,
  type EditorField,
  type JsonSchema,
} from '@/editor/contract';
import { editorConfig } from '@/editor/node/config';
import { editorFields } from '@/editor/node/fields';

vi.mock('astro:content', () => import('@/editor/browser/stand-ins'));

const context = editorContext() as never;
const schemas = {
  recipes: recipeSchema(context),
  blog: blogSchema(context),
  team: teamSchema(context),
} satisfies Record<EditedCollection, z.ZodType>;

const config = editorConfig(jsonSchemas(), { localPort: 8081 });
const fieldsOf = (name: EditedCollection) =>
  config.collections.find((collection) => collection.name === name)!.fields as EditorField[];

/** Optional and default wrappers taken off, and whether there were any. */
function unwrapped(schema: z.ZodType): { inner: z.ZodType; optional: boolean } {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault) {
    return { inner: unwrapped(schema.unwrap() as z.ZodType).inner, optional: true };
  }
  if (schema instanceof z.ZodPipe) return unwrapped(schema.in as z.ZodType);
  return { inner: schema, optional: false };
}

/** Every field path of an object schema (`image.alt`, `steps[]`), and whether it is required. */
function schemaFields(schema: z.ZodType, prefix = '', parentOptional = false) {
  const fields = new Map<string, boolean>();
  const { inner } = unwrapped(schema);
  if (!(inner instanceof z.ZodObject)) return fields;
  for (const [name, child] of Object.entries(inner.shape as Record<string, z.ZodType>)) {
    const path = prefix ? `${prefix}.${name}` : name;
    const { inner: value, optional } = unwrapped(child);
    fields.set(path, !optional && !parentOptional);
    const item = value instanceof z.ZodArray ? unwrapped(value.element as z.ZodType).inner : value;
    const at = value instanceof z.ZodArray ? `${path}[]` : path;
    if (item instanceof z.ZodObject) {
      for (const [p, r] of schemaFields(item, at, optional || parentOptional)) fields.set(p, r);
    } else if (value instanceof z.ZodArray && !(item instanceof z.ZodEnum)) {
      fields.set(at, true); // one box per item
    }
  }
  return fields;
}

/** Every field path of the editor's fields, and whether it is required. */
function editorPaths(fields: EditorField[], paths = new Map<string, boolean>()) {
  for (const field of fields) {
    paths.set(field.path, field.required);
    if (field['fields']) editorPaths(field['fields'] as EditorField[], paths);
    if (field['field']) editorPaths([field['field'] as EditorField], paths);
  }
  return paths;
}

/** The editor field at `path`. */
function at(name: EditedCollection, path: string) {
  const all = (fields: EditorField[]): EditorField[] =>
    fields.flatMap((f) => [
      f,
      ...all((f['fields'] as EditorField[] | undefined) ?? []),
      ...all(f['field'] ? [f['field'] as EditorField] : []),
    ]);
  const found = all(fieldsOf(name)).find((field) => field.path === path);
  if (!found) throw new Error(`No editor field at ${name} ${path}`);
  return found;
}

describe('the web editor’s fields', () => {
  it.each(Object.keys(editedCollections) as EditedCollection[])(
    'match the %s schema field for field, required for required, at every depth',
    (name) => {
      const editor = editorPaths(fieldsOf(name));
      // The body is the text under the frontmatter, and the list's photo a copy of the entry's
      // own: neither is a field of the schema.
      editor.delete('body');
      editor.delete(LIST_PHOTO);
      expect(Object.fromEntries(editor)).toEqual(Object.fromEntries(schemaFields(schemas[name])));
    },
  );

  it('offer the schemas’ choices, dates, team members, lists, photos and limits', () => {
    expect(at('recipes', 'category')).toMatchObject({
      widget: 'select',
      options: recipeCategories,
    });
    expect(at('recipes', 'difficulty')).toMatchObject({ widget: 'select', options: difficulties });
    expect(at('blog', 'category')).toMatchObject({ widget: 'select', options: blogCategories });
    expect(at('blog', 'author')).toMatchObject({
      widget: 'relation',
      collection: 'team',
      value_field: '{{slug}}',
      display_fields: ['name'],
    });
    expect(at('blog', 'publishDate')).toMatchObject({
      widget: 'datetime',
      format: 'YYYY-MM-DD',
      time_format: false,
    });
    expect(at('blog', 'image.src')).toMatchObject({ widget: 'image', required: true });
    expect(at('blog', 'image.alt')).toMatchObject({
      widget: 'string',
      required: true,
      label: 'Alt text',
    });
    // The body is Markdown as typed: Decap's rich mode, which rewrites it, is not offered.
    expect(at('blog', 'body')).toMatchObject({ widget: 'markdown', modes: ['raw'] });
    expect(at('recipes', 'ingredients')).toMatchObject({ widget: 'list', min: 1 });
    expect(at('recipes', 'ingredients[]')).toMatchObject({ widget: 'string' });
    expect(at('recipes', 'steps[]')).toMatchObject({ widget: 'text' });
    expect(at('recipes', 'rating')).toMatchObject({
      widget: 'number',
      value_type: 'float',
      min: 0,
      max: 5,
      step: 0.1,
    });
    expect(at('recipes', 'servings')).toMatchObject({
      widget: 'number',
      value_type: 'int',
      min: 1,
    });
    expect(at('blog', 'title').hint).toBe(schemas.blog.shape.title.meta()?.description);
  });

  it('start every new entry as a draft, and keep each entry in a folder with its photos', () => {
    for (const collection of config.collections) {
      expect(collection.fields.find((field) => field.name === 'draft')).toMatchObject({
        default: true,
      });
      expect(collection).toMatchObject({
        path: '{{slug}}/index',
        media_folder: '',
        public_folder: '',
      });
    }
  });

  it('change with the schema, with no second edit: a field added shows, a field taken out goes', () => {
    const changed = blogSchema(context)
      .extend({ subtitle: z.string().optional() })
      .omit({ comments: true });
    const fields = editorFields(
      z.toJSONSchema(changed, { io: 'input' }) as JsonSchema,
      () => 'name',
    );
    expect(fields.map((field) => field.name)).toContain('subtitle');
    expect(fields.map((field) => field.name)).not.toContain('comments');
  });

  it('stop the build, naming the field, when a schema has a kind of field the editor cannot show', () => {
    const withMap = z.object({ nutrition: z.record(z.string(), z.number()) });
    expect(() => editorFields(z.toJSONSchema(withMap) as JsonSchema, () => 'name')).toThrow(
      /no widget for the field nutrition/,
    );
  });
});
