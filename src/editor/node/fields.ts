/**
 * The editor's fields, made from a collection's JSON schema: the one `z.toJSONSchema()` writes
 * from our Zod schema (src/schemas/), read with the stand-ins in stand-ins.ts. Every field of the
 * schema becomes a field of the editor (Decap CMS's field configuration), with the schema's
 * title, description, default, limits and choices; nothing here names a field of ours. A kind of
 * field the editor cannot show stops the build, naming it, instead of leaving it out.
 */
import { fieldName, type FieldPath } from '@/loaders/problems';
import type { EditorField, JsonSchema } from '../contract';

/** Which field of a collection's entries names them in a picker: its name, or its title. */
export type NameFieldOf = (collection: string) => string;

/** "publishDate" as a person writes it: "Publish date". */
const labelOf = (name: string) =>
  name
    .replace(/([a-z])([A-Z])/g, (_, a: string, b: string) => `${a} ${b.toLowerCase()}`)
    .replace(/^./, (c) => c.toUpperCase());

// Larger than any limit a person sets: z.number().int() says so by itself.
const NO_LIMIT = Number.MAX_SAFE_INTEGER;

/** The whole number one `step` past an exclusive limit, if there is one. */
const next = (limit: number | undefined, step: number) =>
  limit === undefined ? undefined : limit + step;

const pathOf = (at: FieldPath) => fieldName(at, { anyItem: true });

/** The widget and its options for the field at `at`, or an error naming the field. */
function widgetFor(schema: JsonSchema, at: FieldPath, nameFieldOf: NameFieldOf) {
  if (schema.references) {
    const nameField = nameFieldOf(schema.references);
    return {
      widget: 'relation',
      collection: schema.references,
      value_field: '{{slug}}',
      search_fields: [nameField],
      display_fields: [nameField],
      // The writer picks a name and the editor writes the id: the schema's description tells
      // those who type the id in a file where ids come from, which is no step here.
      hint: `Chosen from the ${schema.references}, by ${labelOf(nameField).toLowerCase()}.`,
    };
  }
  if (schema.anyOf?.some((option) => option.photo)) {
    // A photo beside the entry, uploaded, or an https:// address ("Insert from URL"); the
    // schema's description speaks of paths, which the editor writes itself.
    return {
      widget: 'image',
      choose_url: true,
      hint: 'A photo from your computer or phone, or an https:// address.',
    };
  }
  if (schema.enum) return { widget: 'select', options: schema.enum };
  switch (schema.type) {
    case 'string':
      if (schema.format === 'date') {
        // A calendar day, kept as YYYY-MM-DD with no time and no time zone.
        return {
          widget: 'datetime',
          format: 'YYYY-MM-DD',
          date_format: 'YYYY-MM-DD',
          time_format: false,
          picker_utc: true,
        };
      }
      return { widget: schema.multiline ? 'text' : 'string' };
    case 'integer':
    case 'number': {
      // The editor's limits include their ends; a whole number above 0 is one of at least 1.
      const whole = schema.type === 'integer';
      const min = schema.minimum ?? (whole ? next(schema.exclusiveMinimum, 1) : undefined);
      const max = schema.maximum ?? (whole ? next(schema.exclusiveMaximum, -1) : undefined);
      return {
        widget: 'number',
        value_type: whole ? 'int' : 'float',
        ...(min !== undefined && { min }),
        ...(max !== undefined && max < NO_LIMIT && { max }),
        ...(schema.multipleOf !== undefined && { step: schema.multipleOf }),
      };
    }
    case 'boolean':
      return { widget: 'boolean' };
    case 'array': {
      const limits = {
        ...(schema.minItems !== undefined && { min: schema.minItems }),
        ...(schema.maxItems !== undefined && { max: schema.maxItems }),
      };
      const item = schema.items ?? {};
      if (item.enum) return { widget: 'select', multiple: true, options: item.enum, ...limits };
      // "1 ingredient", "Add ingredient": the word for one item is its schema's title.
      if (!item.title) {
        throw new Error(
          `The web editor has no word for one item of the list ${pathOf(at)}. Give its items ` +
            "a title in the schema, e.g. z.array(text().meta({ title: 'Ingredient' })).",
        );
      }
      const list = { widget: 'list', label_singular: item.title, ...limits };
      if (item.type === 'object') {
        return { ...list, fields: editorFields(item, nameFieldOf, [...at, 0]) };
      }
      // One box per item, each required: a list has no empty lines.
      return { ...list, field: field('item', item, true, nameFieldOf, [...at, 0]) };
    }
    case 'object':
      // A group of named fields; a map of any keys (z.record) has no form to show.
      if (schema.properties) {
        return { widget: 'object', fields: editorFields(schema, nameFieldOf, at) };
      }
  }
  throw new Error(
    `The web editor has no widget for the field ${pathOf(at)} (${JSON.stringify(schema)}). ` +
      'Teach src/editor/node/fields.ts this kind of field.',
  );
}

function field(
  name: string,
  schema: JsonSchema,
  required: boolean,
  nameFieldOf: NameFieldOf,
  at: FieldPath,
): EditorField {
  const label = schema.title ?? labelOf(name);
  const made: EditorField = {
    name,
    // The schema's word on whether a writer may leave it out; Decap's own marker is hidden
    // (page.ts), since it cannot tell "optional" from "needed inside an optional group". A field
    // with a default (a switch, a count) is never left out: its hint says what it defaults to.
    label: required || schema.default !== undefined ? label : `${label} (optional)`,
    required,
    // Where the field sits in an entry, for the editor to show the engine's messages at it.
    path: pathOf(at),
    ...(schema.description && { hint: schema.description }),
    ...(schema.default !== undefined && { default: schema.default }),
    ...widgetFor(schema, at, nameFieldOf),
  };
  if (made.widget === 'object' && !required) {
    // An optional group left empty is fine, so Decap must not ask for its fields; the schema
    // does, once the group has anything in it, and the field says so in words.
    const group = label.toLowerCase();
    made['collapsed'] = true;
    made['fields'] = (made['fields'] as EditorField[]).map((child) => ({
      ...child,
      required: false,
      ...(child.required && {
        hint: `${child.hint ? `${child.hint} ` : ''}Needed once the ${group} has anything in it.`,
      }),
    }));
  }
  return made;
}

/** The editor's fields for an object schema, in the schema's order. */
export function editorFields(
  schema: JsonSchema,
  nameFieldOf: NameFieldOf,
  at: FieldPath = [],
): EditorField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) =>
    field(name, property, required.has(name), nameFieldOf, [...at, name]),
  );
}
