/**
 * The entry open in the form: the one place the editor keeps what it knows of it beyond Decap.
 * The text the form stands on, the form as the writer has it, a save's conflicts and the writer's
 * answers, the offer of unsaved work, and the save or delete under way. It changes only by the
 * steps below (open, edit, save, conflict, answer, saved, closed); the rest of the editor reads
 * `now` and listens, and keeps no copy of its own.
 */
import { fieldName } from '@/loaders/problems';
import type { EditedCollection } from '../contract';
import { pathKey, type Answers, type Conflict } from './saving/merge';

/** An entry's fields, the body among them, as plain data. */
export type Fields = Record<string, unknown>;

/** The form as the writer has it. */
export type FormEntry = {
  collection: EditedCollection;
  /** Where its file is, from the project root; none for a new entry. */
  file: string | undefined;
  /** Its fields as the form holds them, the body among them. */
  data: Fields;
  /** Photos uploaded in this form and not saved yet. */
  uploads: { name: string; blob?: Blob | undefined }[];
};

/** Work kept from an earlier visit to this form: when, and what answering it does. */
export type Offer = { savedAt: number; answer: (restore: boolean) => Promise<void> };

/** What is being written: the form as Publish found it, or a delete of the file as last read. */
export type Saving =
  { kind: 'write'; form: FormEntry } | { kind: 'delete'; form: FormEntry; version: string | null };

type Now = {
  /** The form, as the writer last left it; none while no form is open. */
  form: FormEntry | undefined;
  /** The text the form stands on: the file as opened, or as last written or restored. */
  base: string | undefined;
  conflicts: readonly Conflict[];
  answers: Answers;
  offer: Offer | undefined;
  saving: Saving | undefined;
};

const closed: Now = {
  form: undefined,
  base: undefined,
  conflicts: [],
  answers: new Map(),
  offer: undefined,
  saving: undefined,
};

export class OpenEntry {
  #now: Now = closed;
  readonly #listeners = new Set<() => void>();

  /** The entry as it is now; a new object after each step. */
  get now(): Now {
    return this.#now;
  }

  /** Tells `listener` of every step; the function it returns stops that. */
  listen(listener: () => void) {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  /** A form opened, standing on `base` (none for a new entry), with work kept from before. */
  open(form: FormEntry, base: string | undefined, offer?: Offer) {
    this.#step({ ...closed, form, base, offer });
  }

  /** The writer changed the form. A field edited after a conflict showed there is answered. */
  edit(form: FormEntry, changed?: string) {
    const conflict = changed === undefined ? undefined : this.conflictAt(changed);
    this.#step({ form, ...(conflict && this.#answered(conflict, true)) });
  }

  /** A save or a delete begins. */
  save(saving: Saving) {
    this.#step({ saving });
  }

  /** The save found values both the writer and someone else changed: nothing was written. */
  conflict(conflicts: Conflict[]) {
    this.#step({ conflicts, saving: undefined });
  }

  /**
   * The writer answered: a conflict at the form's field `path` (`image.alt`), keeping their own
   * (which holds while theirs stays as seen) or taking theirs; or the offer of unsaved work.
   */
  answer(to: { conflict: string; kept: boolean } | { offer: boolean }) {
    if ('offer' in to) return this.#step({ offer: undefined });
    const conflict = this.conflictAt(to.conflict);
    if (conflict) this.#step(this.#answered(conflict, to.kept));
  }

  /** Written: the form stands on `text` now (none for a delete, or a save that failed). */
  saved(text?: string) {
    if (text === undefined) return this.#step({ saving: undefined });
    this.#step({ base: text, conflicts: [], answers: new Map(), saving: undefined });
  }

  /** The form closed, or its entry was deleted. */
  closed() {
    this.#step(closed);
  }

  /** The open conflict at the form's field `path` (`image.alt`), if any. */
  conflictAt(path: string) {
    return this.#now.conflicts.find((conflict) => fieldName(conflict.path) === path);
  }

  #answered(conflict: Conflict, kept: boolean): Partial<Now> {
    const answers = new Map(this.#now.answers);
    if (kept) answers.set(pathKey(conflict.path), conflict.theirs);
    return { answers, conflicts: this.#now.conflicts.filter((each) => each !== conflict) };
  }

  #step(change: Partial<Now>) {
    this.#now = { ...this.#now, ...change };
    for (const listener of this.#listeners) listener();
  }
}
