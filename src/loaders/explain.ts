import { z } from 'astro/zod';
import { closest, distance } from 'fastest-levenshtein';
import { plural } from '@/lib/format';

/** A value as a writer would recognise it in their file. */
function asWritten(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'empty';
  if (typeof value === 'string') return `the text "${value}"`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return 'a list';
  if (value instanceof Date) return 'a date';
  return 'a group of fields';
}

const kinds: Record<string, string> = {
  string: 'text',
  number: 'a number, such as 4',
  int: 'a whole number, such as 4',
  boolean: 'true or false',
  array: 'a list, one item per line starting with "- "',
  object: 'a group of indented fields',
  date: 'a date written YYYY-MM-DD',
};

/**
 * Zod's error map for content: every message says what is wrong in a writer's words and what
 * is allowed. Messages a schema sets itself (such as the date format) take precedence.
 */
export function explainIssue(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `is required, but this file does not set it`;
      return `must be ${kinds[issue.expected] ?? issue.expected}, not ${asWritten(issue.input)}`;
    case 'invalid_value':
      return (
        `${asWritten(issue.input)} is not allowed here. ` +
        `Use one of: ${issue.values.map((v) => String(v)).join(', ')}`
      );
    case 'too_big':
    case 'too_small': {
      const limit = issue.code === 'too_big' ? issue.maximum : issue.minimum;
      const edge = issue.code === 'too_big' ? 'at most' : 'at least';
      if (issue.origin === 'array') {
        return `needs ${edge} ${limit} ${plural(Number(limit), 'item')}`;
      }
      if (issue.origin === 'string') return `must be ${edge} ${limit} characters long`;
      return `must be ${edge} ${limit}; it is ${String(issue.input)}`;
    }
    case 'invalid_format':
      return issue.format === 'email'
        ? `must be an email address, such as hello@example.com; it is ${asWritten(issue.input)}`
        : `must be ${issue.format === 'url' ? 'a web address' : `in ${issue.format} format`}; it is ${asWritten(issue.input)}`;
    case 'invalid_union': {
      // Photo sources are the one union: a path gets the photo check's word, anything else the URL's.
      const looksLikePath = typeof issue.input === 'string' && issue.input.startsWith('.');
      return (looksLikePath ? issue.errors.at(-1) : issue.errors[0])?.[0]?.message;
    }
    default:
      return undefined;
  }
}

/**
 * The field names `schema` allows at `path`, of every shape a union there allows. Walks Zod's
 * public accessors (`shape`, `element`, `options`, `unwrap()`, a pipe's `in`).
 */
function keysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault) {
    return keysAt(schema.unwrap() as z.ZodType, path);
  }
  if (schema instanceof z.ZodPipe) return keysAt(schema.in as z.ZodType, path);
  if (schema instanceof z.ZodUnion) {
    return schema.options.flatMap((option) => keysAt(option as z.ZodType, path));
  }
  const [head, ...rest] = path;
  if (schema instanceof z.ZodArray) {
    return head === undefined ? [] : keysAt(schema.element as z.ZodType, rest);
  }
  if (!(schema instanceof z.ZodObject)) return [];
  if (head === undefined) return Object.keys(schema.shape);
  const child = schema.shape[String(head)] as z.ZodType | undefined;
  return child ? keysAt(child, rest) : [];
}

/** "`drafts` is not a field; did you mean `draft`?", or the fields allowed at `path`. */
export function unknownKeyMessage(key: string, schema: z.ZodType, path: readonly PropertyKey[]) {
  const known = [...new Set(keysAt(schema, path))];
  const nearest = known.length ? closest(key, known) : undefined;
  // Within a third of the word, a typo is far likelier than a new idea.
  const close = nearest && distance(key, nearest) <= Math.max(2, Math.floor(key.length / 3));
  return close
    ? `"${key}" is not a field; did you mean "${nearest}"?`
    : `"${key}" is not a field. The fields here are: ${known.join(', ')}`;
}
