/**
 * What the editor keeps of the entry open in the form, beyond what Decap keeps: the text the form
 * stands on when that is no longer the file Decap read (after a save that took in someone else's
 * changes, or a restored backup), and a merge's conflicts with the writer's answers to them.
 * Parts of the page that show these listen for changes.
 */
import { fieldName } from '@/loaders/problems';
import { pathKey, type Answers, type Conflict } from './merge';

type Listener = () => void;

/** Unsaved work kept for an entry (backup.ts): when, and what answering does. */
type Offer = { key: string; savedAt: number; answer: (restore: boolean) => Promise<void> };

class OpenEntry {
  /** The file the form is about, once known. */
  file: string | undefined;
  /** The text the form stands on, where that is not the file as Decap read it. */
  #base: string | undefined;
  #conflicts: Conflict[] = [];
  #answers = new Map<string, unknown>();
  #listeners = new Set<Listener>();
  /** Unsaved work found for the form, offered back to the writer until they answer. */
  #offer: Offer | undefined;

  /** A file read afresh for the form: what it says is the base again, with no conflict open. */
  opened(file: string) {
    this.standsOn(file, undefined);
  }

  /** The text the form at `file` stands on, if not the one Decap read. */
  baseOf(file: string) {
    return file === this.file ? this.#base : undefined;
  }

  /** The form now stands on `text` (what a save wrote, or a backup's base). */
  standsOn(file: string, text: string | undefined) {
    this.file = file;
    this.#base = text;
    this.#conflicts = [];
    this.#answers.clear();
    this.#changed();
  }

  get conflicts(): readonly Conflict[] {
    return this.#conflicts;
  }

  get answers(): Answers {
    return this.#answers;
  }

  /** A save found these; the writer answers each at its field. */
  clash(conflicts: Conflict[]) {
    this.#conflicts = conflicts;
    this.#changed();
  }

  /** The open conflict at the form's field `path` (`image.alt`), if any. */
  conflictAt(path: string) {
    return this.#conflicts.find((conflict) => fieldName(conflict.path) === path);
  }

  /**
   * The writer answered the conflict at `path`: kept their own (or edited it, having seen
   * theirs), which holds while theirs stays as seen; or took theirs into the form.
   */
  answer(path: string, kept: boolean) {
    const conflict = this.conflictAt(path);
    if (!conflict) return;
    if (kept) this.#answers.set(pathKey(conflict.path), conflict.theirs);
    this.#conflicts = this.#conflicts.filter((each) => each !== conflict);
    this.#changed();
  }

  get offer() {
    return this.#offer;
  }

  /** Offers unsaved work back in the form of the entry at `offer.key`; none withdraws it. */
  offerBack(offer: Offer | undefined) {
    this.#offer = offer;
    this.#changed();
  }

  listen(listener: Listener) {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #changed() {
    for (const listener of this.#listeners) listener();
  }
}

export const openEntry = new OpenEntry();
