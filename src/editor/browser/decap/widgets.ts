/**
 * Decap's widgets, each wrapped: the form's fields show the engine's problems with them, all at
 * once, until fixed, and a conflict under its field; the first field carries the offer of unsaved
 * work and the entry's history. Each change goes to the open entry (open-entry.ts), and `fill`
 * puts values into the form as if typed. Decap's one save button says what a save does.
 */
import type { FieldProblem } from '@/loaders/entry-checks';
import { fieldName } from '@/loaders/problems';
import { fromJS } from 'immutable';
import type { EditorField } from '../../contract';
import type { Editor } from '../editor';
import { forget, keep, keyOf, kept } from '../form/backup';
import { backupOffer, conflictNote } from '../form/notes';
import { historyPanel, panelComponent } from '../history/panel';
import type { Fields, FormEntry } from '../open-entry';
import { read } from '../saving/edit';
import { schemas } from '../schemas';
import { isEmpty, same } from '../text/values';
import {
  createClass,
  h,
  type Decap,
  type DecapEntry,
  type DrawnControl,
  type ImmutableMap,
} from './api';
import { plain, readText, type Forms } from './entries';
import { markup } from './markup';

/** Every field of a form, those in groups and lists too. */
const allFields = (fields: EditorField[]): EditorField[] =>
  fields.flatMap((field) => [
    field,
    ...allFields((field['fields'] as EditorField[] | undefined) ?? []),
    ...allFields(field['field'] ? [field['field'] as EditorField] : []),
  ]);

/** A field of the form: its path and value, the entry's data, its name field, the form's paths. */
type At = { path: string; value: unknown; data: Fields; nameField: string; paths: Set<string> };

/** The problems that show at the field at `path` whose value is `value`. */
function problemsAt(problems: FieldProblem[], { path, value, data, nameField, paths }: At) {
  const valueAt = (at: readonly PropertyKey[]) =>
    at.reduce<unknown>((v, key) => (v as Record<PropertyKey, unknown>)?.[key], data);
  return problems.filter((problem) => {
    const at = fieldName(problem.path, { anyItem: true });
    // A field the form does not have (a key unknown to the schema) shows at the entry's name.
    if (!paths.has(at)) return path === nameField;
    if (at !== path) return false;
    // One item of a list: the item whose value it is.
    return (
      !problem.path.some((key) => typeof key === 'number') ||
      same(valueAt(problem.path), plain(value))
    );
  });
}

/** A widget's control as Decap holds it: its props, and the control it wraps. */
type Control = {
  props: {
    entry: DecapEntry;
    field: ImmutableMap;
    value: unknown;
    /** Decap's widget API: the field's new value, as the writer would have typed it. */
    onChange: (value: unknown, ...more: unknown[]) => void;
    /** Decap's widget API: a photo added to the entry's files, as an upload would add it. */
    onPersistMedia: (file: File) => Promise<unknown>;
  };
  /** The value it last drew. */
  value?: unknown;
  /** Counts the values put in from outside: the wrapped control is drawn anew for each. */
  filled?: number;
  /** Stops listening to the open entry. */
  unlisten?: () => void;
  forceUpdate: () => void;
  inner?: DrawnControl | null | undefined;
};

const pathOf = (control: Control) => control.props.field.get('path') as string;

/**
 * Decap's one save button says "Publish" whatever the entry is. A save writes the file; whether
 * the site shows it is the Draft switch: so for a draft the button and its menu say "Save
 * draft", and a saved draft is "Saved as a draft", not "Published".
 */
export function relabelSaving(form: FormEntry | undefined) {
  const toolbar = document.querySelector(markup.toolbar);
  if (!toolbar || !form) return;
  const draft = form.data['draft'] === true;
  const [action, done] = draft ? ['Save draft', 'Saved as a draft'] : ['Publish', 'Published'];
  const walker = document.createTreeWalker(toolbar, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    const words = text
      .replace(/^(Publish|Save draft)(?=( now| and create new| and duplicate)?$)/, action)
      .replace(/^(Published|Saved as a draft)$/, done);
    if (words !== text) node.nodeValue = words;
  }
}

/**
 * Every widget of the form, wrapped. What it gives back puts values into the form as if the
 * writer had typed them: Decap keeps them as the draft's, and the preview and the checks see them.
 */
export function registerWidgets(cms: Decap, editor: Editor, forms: Forms) {
  const { config, checker, entry: open } = editor;
  const paths = Object.fromEntries(
    config.collections.map((c) => [
      c.name,
      new Set(allFields(c.fields).map((field) => field.path)),
    ]),
  );
  const collectionNamed = (name: unknown) => config.collections.find((c) => c.name === name);
  const nameField = (entry: DecapEntry) =>
    collectionNamed(entry.get('collection'))?.identifier_field;
  /** The form's fields drawn now, by path (`title`, `image.alt`); a list's items are its list's. */
  const controls = new Map<string, Control>();
  const panel = createClass(panelComponent);

  const fill = (values: Fields) => {
    for (const [path, value] of Object.entries(values)) {
      const control = controls.get(path);
      if (!control || same(plain(control.props.value), value)) continue;
      control.props.onChange(value !== null && typeof value === 'object' ? fromJS(value) : value);
      // Some controls (the Markdown box) keep their own copy of the text: drawn anew, they take it.
      control.filled = (control.filled ?? 0) + 1;
      control.forceUpdate();
    }
  };

  /** Files the backend has read since the form last opened them. */
  const reread = new Set<string>();

  /**
   * A form drawn: the open entry is its, standing on the file as read, with unsaved work kept
   * from before offered back. Drawn again with no new read of its file (after a save), it still
   * stands where it stood.
   */
  const opened = async (control: Control) => {
    const form = forms.of(control.props.entry);
    const now = open.now.form;
    const fresh = form.file === undefined || reread.delete(form.file);
    if (!fresh && now?.collection === form.collection && now.file === form.file) {
      return open.edit(form);
    }
    open.open(form, readText(control.props.entry));
    const key = keyOf(form.collection, form.file);
    const backup = await kept(key);
    const shown = open.now.form;
    if (!backup || !shown || shown.file !== form.file) return;
    const answer = async (restore: boolean) => {
      open.answer({ offer: restore });
      if (!restore) return forget(key);
      for (const file of backup.files) await control.props.onPersistMedia(file);
      // What the writer changed: the rest shows as the file is now, someone else's changes included.
      const was = backup.base === undefined ? {} : read(backup.base);
      if (open.now.form) open.open(open.now.form, backup.base);
      fill(Object.fromEntries(Object.entries(backup.values).filter(([k, v]) => !same(was[k], v))));
    };
    open.open(shown, open.now.base, { savedAt: backup.savedAt, answer });
  };

  /** The writer changed the form: the open entry has it, and so does the kept copy. */
  const edited = (entry: DecapEntry, path?: string) => {
    const form = forms.of(entry);
    const now = open.now.form;
    if (!now || now.collection !== form.collection || now.file !== form.file) return;
    open.edit(form, path);
    keep(form, open.now.base);
  };

  // Every kind of widget the form uses.
  const widgets = config.collections.flatMap((c) => allFields(c.fields).map((f) => f.widget));
  for (const name of new Set(widgets)) {
    const { control, preview, ...options } = cms.getWidget(name) as Record<string, unknown>;
    // Groups and lists check their own fields when Decap asks them to: the ask is passed on.
    const container = name === 'object' || name === 'list';
    const Checked = createClass({
      isValid(this: Control) {
        const { field, value } = this.props;
        const form = open.now.form;
        // An empty field Decap requires is Decap's to report: "… is required."
        if (field.get('required') !== false && isEmpty(plain(value))) return true;
        if (!form || !(form.collection in schemas)) return true;
        // Before the site's snapshot arrives, the save waits for it and checks it all (saves.ts).
        if (!checker.ready) return true;
        const messages = problemsAt(checker.of(form, open.now.base).problems, {
          path: field.get('path') as string,
          value,
          data: form.data,
          nameField: collectionNamed(form.collection)!.identifier_field,
          paths: paths[form.collection]!,
        }).map((problem) => problem.message);
        if (open.conflictAt(field.get('path') as string)) {
          messages.push(
            'Changed by someone else since you opened this: keep yours, take theirs, or edit it.',
          );
        }
        // Decap's "required" kind: its toast says the save waits for the fields marked in red.
        return messages.length
          ? { error: { type: 'PRESENCE', message: messages.join(' ') } }
          : true;
      },
      ...(container && {
        validate(this: Control) {
          this.inner?.validate?.();
        },
      }),
      // Decap asks the control whether to draw again; a group must, to show its fields' problems.
      shouldComponentUpdate(this: Control, next: Control['props']) {
        const own = this.inner?.shouldComponentUpdate;
        return own ? own.call(this.inner, next) : true;
      },
      focus(this: Control, path: unknown) {
        this.inner?.focus?.(path);
      },
      componentDidMount(this: Control) {
        if (!pathOf(this).includes('[]')) controls.set(pathOf(this), this);
        // Drawn again when a conflict or the offer changes: what it shows of the entry.
        let shown = open.now;
        this.unlisten = open.listen(() => {
          const { conflicts, offer } = open.now;
          if (conflicts !== shown.conflicts || offer !== shown.offer) this.forceUpdate();
          shown = open.now;
        });
        if (pathOf(this) === nameField(this.props.entry)) void opened(this);
      },
      componentWillUnmount(this: Control) {
        if (controls.get(pathOf(this)) === this) controls.delete(pathOf(this));
        this.unlisten?.();
      },
      render(this: Control) {
        const path = pathOf(this);
        const { entry } = this.props;
        // The field just changed: its entry is the draft as it is now. Edited after seeing
        // theirs, the writer's own stands.
        if (this.props.value !== this.value) {
          const after = this.value !== undefined;
          queueMicrotask(() => edited(entry, after ? path : undefined));
        }
        this.value = this.props.value;
        const conflict = open.conflictAt(path);
        const { offer } = open.now;
        const first = path === nameField(entry);
        return [
          first && offer && backupOffer(offer.savedAt, (restore) => void offer.answer(restore)),
          // Above the form too: the entry's history, once it has a file.
          first &&
            !entry.get('newRecord') &&
            historyPanel(panel, {
              file: String(entry.get('path')),
              collection: collectionNamed(entry.get('collection'))!,
              files: editor.files,
              fill,
              persistMedia: (file) => this.props.onPersistMedia(file),
            }),
          h(control, {
            ...this.props,
            key: `control-${this.filled ?? 0}`,
            ref: (inner: Control['inner']) => (this.inner = inner),
            onChange: (value: unknown, ...rest: unknown[]) => {
              this.props.onChange(value, ...rest);
              // Kept as it is typed, before the form draws it: a tab closed at once loses nothing.
              if (/^\w+$/.test(path) && open.now.form) {
                const data = { ...open.now.form.data, [path]: plain(value) };
                keep({ ...open.now.form, data }, open.now.base);
              }
            },
          }),
          conflict &&
            conflictNote(conflict, (mine) => {
              open.answer({ conflict: path, kept: mine });
              if (!mine) fill({ [path]: conflict.takeTheirs });
            }),
        ];
      },
    });
    cms.registerWidget({ name, controlComponent: Checked, previewComponent: preview, ...options });
  }
  return {
    fill,
    /** The backend read `file` for the form: opened again, the form stands on what it read. */
    read: (file: string) => void reread.add(file),
  };
}
