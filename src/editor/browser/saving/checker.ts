/**
 * The build's checks of the open form, against what the editor knows of the site: worked out once
 * for each state of the form, and told of each save and delete so the next check sees them. What
 * the site knows (site.json) arrives after the list has shown: a check waits for `known` first.
 */
import { publishingNow } from '@/lib/publishing';
import type { EditorConfig, SiteEntry, SiteSnapshot } from '../../contract';
import type { FormEntry } from '../open-entry';
import { schemaOf } from '../schemas';
import { draftProblems, type Draft } from './draft-checks';
import { Edit } from './edit';
import { changed } from './site-checks';

export class Checker {
  readonly #last = new WeakMap<FormEntry, ReturnType<typeof draftProblems>>();
  #site: SiteSnapshot | undefined;
  /** Resolves once what the site knows has arrived. */
  readonly known: Promise<void>;

  constructor(
    readonly config: EditorConfig,
    site: Promise<SiteSnapshot>,
  ) {
    this.known = site.then((snapshot) => {
      this.#site = snapshot;
    });
  }

  /** Whether what the site knows has arrived: until then nothing can be checked. */
  get ready(): boolean {
    return this.#site !== undefined;
  }

  /** What the site knows, once `known`. */
  get site(): SiteSnapshot {
    if (!this.#site) throw new Error('The editor has not read the site yet (/admin/site.json).');
    return this.#site;
  }

  /** Every problem the build would find with `form` standing on `base`. */
  of(form: FormEntry, base: string | undefined) {
    let found = this.#last.get(form);
    if (!found) {
      const edit = new Edit(form, this.config, base);
      found = this.check(edit.draft(), edit.photoThere);
      this.#last.set(form, found);
    }
    return found;
  }

  /** Every problem the build would find with `draft` now, its photos there as `there` says. */
  check(draft: Draft, there: (src: string) => boolean) {
    const schema = schemaOf(draft.collection, there);
    return draftProblems(draft, { schema, site: this.site, now: publishingNow() });
  }

  /** A saved entry, as the next check of the site must see it. */
  saved(indexed: SiteEntry) {
    this.site.entries = changed(this.site.entries, { put: indexed });
  }

  deleted(file: string) {
    this.site.entries = changed(this.site.entries, { remove: file });
  }
}
