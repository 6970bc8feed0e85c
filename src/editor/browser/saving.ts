/**
 * Saving and deleting, as a small team works. A save writes only what its writer changed, onto
 * the file as it is now: read again at each save, merged field by field with what others changed
 * meanwhile (entry.ts, merge.ts), checked as the build would check it, and written only if the
 * file is still as read (stores.ts); otherwise read and merged again. Where both changed the same
 * value, nothing is written and the writer decides at the field. A delete is refused when the
 * entry changed since it was opened. Failures are said in the editor's own words.
 */
import { fieldName } from '@/loaders/problems';
import { plural } from '@/lib/format';
import { publishingNow } from '@/lib/publishing';
import type { EditorConfig } from '../node/config';
import { forget, keyOf } from './backup';
import { describeChanges } from './changes';
import { draftProblems } from './checks';
import type { Decap, ImmutableMap } from './decap';
import { Edit, FILE_TEXT, read, readForList, type Checks, type Fields } from './entry';
import { fill } from './form';
import { openEntry } from './open-entry';
import { schemaOf, schemas } from './schemas';
import { problemsAfter } from './site-check';
import { Moved, Unreachable, type Current } from './store-backends';
import { store } from './stores';

/** A refusal, in Decap's toast as its words alone, without "Error:" before them. */
class Refusal extends Error {
  override toString() {
    return this.message;
  }
}

const unreachable = new Refusal(
  "Not saved: the editor could not reach the site's files. Your changes are still here; try again.",
);

/** How often a save reads and merges again when the file keeps changing under it. */
const ROUNDS = 5;

/** The form's entry as the last Publish left it, for the write that follows. */
let pending: Edit | undefined;

/**
 * Before a save: the same checks once more (a save the build would refuse is never written).
 * Before a delete: what the site would say without the entry, and whether someone changed it.
 */
export function registerSaveChecks(cms: Decap, checks: Checks) {
  // A failed save's toast says our words alone: each says what happened and what to do.
  const en = cms.getLocale('en') as { ui: { toast: Record<string, string> } };
  en.ui.toast['onFailToPersist'] = '%{details}';
  cms.registerLocale('en', en);
  cms.registerEventListener({
    name: 'preSave',
    handler: async ({ entry }) => {
      const data = entry.get('data') as ImmutableMap;
      if (!((entry.get('collection') as string) in schemas)) return data;
      const { problems } = checks.of(entry);
      if (problems.length) {
        const lines = problems.map(
          (p) => `${fieldName(p.path, { anyItem: true }) || 'The entry'}: ${p.message}`,
        );
        throw new Refusal(`Not saved; the site would refuse it.\n${lines.join('\n')}`);
      }
      pending = new Edit(entry, checks.config);
      return data.set(FILE_TEXT, pending.text());
    },
  });
  cms.registerEventListener({
    name: 'preUnpublish',
    handler: async ({ entry }) => {
      const edit = new Edit(entry, checks.config);
      const now = await readNow(edit.file);
      if (now.text === undefined) {
        throw new Refusal('someone else deleted or moved this entry already.');
      }
      if (edit.base !== undefined && now.text !== edit.base) {
        const changes = describeChanges(edit.config, read(edit.base), read(now.text));
        throw new Refusal(
          `someone else changed this entry since you opened it (${changes.join('; ')}). Open it again to see their changes before you delete it.`,
        );
      }
      deleting.set(edit.file, now.version);
      const problems = problemsAfter(checks.site, { remove: edit.file }, publishingNow());
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
    handler: async ({ entry }) => {
      const file = entry.get('path') as string;
      checks.deleted(file);
      forget(keyOf(String(entry.get('collection')), file));
    },
  });
}

/** The version of each file a delete was checked against, by file. */
const deleting = new Map<string, string | null>();

async function readNow(file: string): Promise<Current> {
  try {
    return await store().read(file);
  } catch (error) {
    throw error instanceof Unreachable ? unreachable : error;
  }
}

/** A file Decap is about to write: where, and its text. */
type DataFile = { path: string; raw: string };

/**
 * The save itself, around Decap's write of the entry's files: the file read as it is now, this
 * writer's changes merged onto it and checked, and the write let through only onto that version.
 */
export async function saveOnto(checks: Checks, dataFile: DataFile, write: () => Promise<unknown>) {
  const edit = pending;
  if (!edit) return write();
  for (let round = 1; ; round++) {
    const now = await readNow(edit.file);
    const onto = edit.onto(now.text, openEntry.answers);
    if (onto.kind === 'gone') {
      throw new Refusal(
        'Not saved: someone else deleted or moved this entry since you opened it, and saving would bring it back. Your changes are still in the form: copy what you need to keep.',
      );
    }
    if (onto.kind === 'taken') {
      throw new Refusal(
        `Not saved: someone else has just made an entry at ${edit.file}. Choose another ${edit.config.identifier_field}.`,
      );
    }
    if (onto.kind === 'conflicts') {
      openEntry.clash(onto.conflicts);
      const count = `${onto.conflicts.length} ${plural(onto.conflicts.length, 'field')}`;
      throw new Refusal(
        `Not saved: someone else changed ${count} you changed too, since you opened this entry. Each shows at its field: keep yours, take theirs, or edit it, then save again.`,
      );
    }
    const merged = { ...edit.draft(), fields: onto.fields, body: onto.body };
    const there = (src: string) => edit.photoThere(src) || (now.text?.includes(src) ?? false);
    const checked = draftProblems(merged, {
      schema: schemaOf(edit.collection, there),
      site: checks.site,
      now: publishingNow(),
    });
    if (checked.problems.length) {
      const words = checked.problems.map(
        (p) => `${fieldName(p.path) || 'The entry'}: ${p.message}`,
      );
      throw new Refusal(
        `Not saved: with what someone else changed since you opened this entry, the site would refuse it. ${words.join(' ')}`,
      );
    }
    dataFile.raw = onto.text;
    try {
      const written = await store().onlyIf({ [edit.file]: now.version }, write);
      saved(checks, edit, onto.fields, onto.body, onto.text, checked.indexed);
      return written;
    } catch (error) {
      if (error instanceof Moved && round < ROUNDS) continue;
      if (error instanceof Moved) {
        throw new Refusal(
          'Not saved: the entry kept changing while the editor saved it. Your changes are still here; try again.',
        );
      }
      throw error instanceof Unreachable ? unreachable : error;
    }
  }
}

/** After a save: the form shows the file as written, and stands on it for the next save. */
function saved(
  checks: Checks,
  edit: Edit,
  fields: Fields,
  body: string | undefined,
  text: string,
  indexed: ReturnType<typeof draftProblems>['indexed'],
) {
  pending = undefined;
  // What someone else changed meanwhile shows in the form, as it is now in the file.
  const theirs = Object.fromEntries(
    Object.keys({ ...fields, ...edit.fields })
      .filter((key) => JSON.stringify(fields[key]) !== JSON.stringify(edit.fields[key]))
      .map((key) => [key, fields[key]]),
  );
  if (body !== undefined && body !== edit.body) theirs['body'] = body;
  fill(theirs);
  forget(keyOf(edit.collection, edit.base === undefined ? undefined : edit.file));
  if (edit.base !== undefined) openEntry.standsOn(edit.file, text);
  if (indexed) checks.saved(indexed);
}

/** A write Decap's backend makes, refusing in the editor's words when it cannot reach the files. */
export async function deleteOnto(file: string, write: () => Promise<unknown>) {
  const version = deleting.get(file);
  deleting.delete(file);
  try {
    return version === undefined ? await write() : await store().onlyIf({ [file]: version }, write);
  } catch (error) {
    if (error instanceof Moved) {
      throw new Refusal(
        'someone else changed this entry while it was being deleted. Open it again to see their changes.',
      );
    }
    throw error instanceof Unreachable ? unreachable : error;
  }
}

/** Each collection's format, as config.json names it: files read and written as a person would. */
export function registerFormats(cms: Decap, config: EditorConfig) {
  const format = {
    fromFile: readForList,
    // The file as the save merged it. Asked for anything else, it is Decap's own backup of a
    // draft, which the editor keeps itself (backup.ts): an empty text tells Decap to keep none.
    toFile: ({ [FILE_TEXT]: text }: Fields) => (typeof text === 'string' ? text : ''),
  };
  for (const { format: name, extension } of config.collections) {
    cms.registerCustomFormat(name, extension, format);
  }
}
