/**
 * Saving and deleting, as a small team works. A save writes only what its writer changed, onto
 * the file as it is now: read again at each save, merged field by field with what others changed
 * meanwhile (edit.ts, merge.ts), checked as the build would check it, and written only if the
 * file is still as read (files.ts); otherwise read and merged again. Where both changed the same
 * value, nothing is written and the writer decides at the field. A delete is refused when the
 * entry changed since it was opened. Failures are said in the editor's own words.
 */
import { fieldName } from '@/loaders/problems';
import { plural } from '@/lib/format';
import { publishingNow } from '@/lib/publishing';
import type { Editor } from '../editor';
import { forget, keyOf } from '../form/backup';
import { describeChanges } from '../history/changes';
import type { Fields, FormEntry } from '../open-entry';
import { Edit, read } from './edit';
import { Moved, ROUNDS, Unreachable, type Current } from './files';
import { problemsAfter } from './site-checks';

/** A refusal: its words alone, as the toast says them, without "Error:" before them. */
class Refusal extends Error {
  override toString() {
    return this.message;
  }
}

const unreachable = new Refusal(
  "Not saved: the editor could not reach the site's files. Your changes are still here; try again.",
);

/** `error` in the writer's words: files out of reach, or a write refused as moved (`moved`). */
function toldAs(error: unknown, moved?: string) {
  if (error instanceof Moved && moved) return new Refusal(moved);
  return error instanceof Unreachable ? unreachable : error;
}

/** Each problem, where it is and what it is, in words. */
const inWords = (problems: { path: readonly PropertyKey[]; message: string }[], anyItem = false) =>
  problems.map((p) => `${fieldName(p.path, { anyItem }) || 'The entry'}: ${p.message}`);

/**
 * Publish pressed: the same checks once more (a save the build would refuse is never written),
 * and the save begins. The text to write were the file unchanged since it was opened.
 */
export function beginSave({ config, checker, entry }: Editor, form: FormEntry): string {
  const { problems } = checker.of(form, entry.now.base);
  if (problems.length) {
    throw new Refusal(
      `Not saved; the site would refuse it.\n${inWords(problems, true).join('\n')}`,
    );
  }
  entry.save({ kind: 'write', form });
  return new Edit(form, config, entry.now.base).text();
}

/** Delete pressed: refused if someone changed the entry since it opened, or the site needs it. */
export async function beginDelete({ config, checker, entry, files }: Editor, form: FormEntry) {
  const edit = new Edit(form, config, entry.now.base);
  await checker.known;
  const now = await readNow(files, edit.file);
  if (now.text === undefined) {
    throw new Refusal('someone else deleted or moved this entry already.');
  }
  if (edit.base !== undefined && now.text !== edit.base) {
    const changes = describeChanges(edit.config, read(edit.base), read(now.text));
    throw new Refusal(
      `someone else changed this entry since you opened it (${changes.join('; ')}). Open it again to see their changes before you delete it.`,
    );
  }
  const problems = problemsAfter(checker.site, { remove: edit.file }, publishingNow());
  if (problems.length) {
    // The same words for every file that names it: said once, with the files.
    const files = Map.groupBy(problems, (p) => p.message);
    const lines = [...files].map(
      ([message, at]) => `${message} (${at.map((p) => p.file).join(', ')})`,
    );
    throw new Refusal(`the site would no longer build. ${lines.join(' ')}`);
  }
  entry.save({ kind: 'delete', form, version: now.version });
}

/** Deleted: the checks forget the entry, and its kept work goes. */
export function deleted({ checker, entry }: Editor, form: FormEntry) {
  if (form.file) checker.deleted(form.file);
  forget(keyOf(form.collection, form.file));
  entry.closed();
}

async function readNow(files: Editor['files'], file: string): Promise<Current> {
  try {
    return await files().read(file);
  } catch (error) {
    throw toldAs(error);
  }
}

/**
 * The save itself, around the backend's write of the entry's file: the file read as it is now,
 * this writer's changes merged onto it and checked, and `write` of the merged text let through
 * only onto that version. What someone else changed meanwhile, for the form to show.
 */
export async function saveOnto(
  editor: Editor,
  write: (text?: string) => Promise<unknown>,
): Promise<{ written: unknown; theirs: Fields }> {
  const { config, checker, entry, files } = editor;
  const saving = entry.now.saving;
  if (saving?.kind !== 'write') return { written: await write(), theirs: {} };
  const edit = new Edit(saving.form, config, entry.now.base);
  try {
    for (let round = 1; ; round++) {
      const now = await readNow(files, edit.file);
      const onto = edit.onto(now.text, entry.now.answers);
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
        entry.conflict(onto.conflicts);
        const count = `${onto.conflicts.length} ${plural(onto.conflicts.length, 'field')}`;
        throw new Refusal(
          `Not saved: someone else changed ${count} you changed too, since you opened this entry. Each shows at its field: keep yours, take theirs, or edit it, then save again.`,
        );
      }
      const merged = { ...edit.draft(), fields: onto.fields, body: onto.body };
      const there = (src: string) => edit.photoThere(src) || (now.text?.includes(src) ?? false);
      const checked = checker.check(merged, there);
      if (checked.problems.length) {
        throw new Refusal(
          `Not saved: with what someone else changed since you opened this entry, the site would refuse it. ${inWords(checked.problems).join(' ')}`,
        );
      }
      try {
        const written = await files().onlyIf({ [edit.file]: now.version }, () => write(onto.text));
        forget(keyOf(edit.collection, edit.base === undefined ? undefined : edit.file));
        if (checked.indexed) checker.saved(checked.indexed);
        entry.saved(onto.text);
        return { written, theirs: changedMeanwhile(edit, onto.fields, onto.body) };
      } catch (error) {
        if (error instanceof Moved && round < ROUNDS) continue;
        throw toldAs(
          error,
          'Not saved: the entry kept changing while the editor saved it. Your changes are still here; try again.',
        );
      }
    }
  } finally {
    if (entry.now.saving === saving) entry.saved();
  }
}

/** What someone else changed meanwhile: the values written that this writer did not have. */
function changedMeanwhile(edit: Edit, fields: Fields, body: string | undefined): Fields {
  const theirs = Object.fromEntries(
    Object.keys({ ...fields, ...edit.fields })
      .filter((key) => JSON.stringify(fields[key]) !== JSON.stringify(edit.fields[key]))
      .map((key) => [key, fields[key]]),
  );
  if (body !== undefined && body !== edit.body) theirs['body'] = body;
  return theirs;
}

/** The delete itself: let through only onto the version its checks read. */
export async function deleteOnto({ entry, files }: Editor, write: () => Promise<unknown>) {
  const saving = entry.now.saving;
  try {
    return saving?.kind === 'delete'
      ? await files().onlyIf({ [saving.form.file!]: saving.version }, write)
      : await write();
  } catch (error) {
    throw toldAs(
      error,
      'someone else changed this entry while it was being deleted. Open it again to see their changes.',
    );
  } finally {
    if (entry.now.saving === saving) entry.saved();
  }
}
