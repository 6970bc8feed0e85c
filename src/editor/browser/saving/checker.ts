/**
 * The build's checks of the open form, against what the editor knows of the site: worked out once
 * for each state of the form, and told of each save and delete so the next check sees them.
 */
import { publishingNow } from '@/lib/publishing';
import type { EditorConfig, SiteEntry, SiteSnapshot } from '../../contract';
import type { FormEntry } from '../open-entry';
import { schemaOf } from '../schemas';
import { draftProblems } from './draft-checks';
import { Edit } from './edit';
import { isFile } from './site-checks';

export class Checker {
  readonly #last = new WeakMap<FormEntry, ReturnType<typeof draftProblems>>();

  constructor(
    readonly config: EditorConfig,
    readonly site: SiteSnapshot,
  ) {}

  /** Every problem the build would find with `form` standing on `base`. */
  of(form: FormEntry, base: string | undefined) {
    let found = this.#last.get(form);
    if (!found) {
      const edit = new Edit(form, this.config, base);
      const schema = schemaOf(edit.collection, edit.photoThere);
      found = draftProblems(edit.draft(), { schema, site: this.site, now: publishingNow() });
      this.#last.set(form, found);
    }
    return found;
  }

  /** A saved entry, as the next check of the site must see it. */
  saved(indexed: SiteEntry) {
    this.site.entries = [...this.site.entries.filter((e) => !isFile(e, indexed.file)), indexed];
  }

  deleted(file: string) {
    this.site.entries = this.site.entries.filter((entry) => !isFile(entry, file));
  }
}
