/**
 * The web editor's form: every widget shows the engine's problems with its field, all at once,
 * until fixed; and Decap's words say what is true (the save button, the login, the toasts).
 */
import type { FieldProblem } from '@/loaders/entry-checks';
import { fieldName } from '@/loaders/problems';
import type { EditedCollection } from '../node/config';
import type { EditorField } from '../node/fields';
import { fromJS } from 'immutable';
import { backupKey, forget, keep, kept } from './backup';
import { backupOffer } from './backup-offer';
import { conflictNote } from './conflict-note';
import { historyPanel } from './history-panel';
import { page, type Decap, type DecapEntry, type ImmutableMap } from './decap';
import { baseOf, read, same, type Checks, type Fields } from './entry';
import { openEntry } from './open-entry';
import { schemas } from './schemas';
import { isEmpty } from './values';

/** Every field of a form, those in groups and lists too. */
const allFields = (fields: EditorField[]): EditorField[] =>
  fields.flatMap((field) => [
    field,
    ...allFields((field['fields'] as EditorField[] | undefined) ?? []),
    ...allFields(field['field'] ? [field['field'] as EditorField] : []),
  ]);

/** A value as plain data: Decap hands lists and groups over as Immutable.js values. */
const plain = (value: unknown) => (value as ImmutableMap | undefined)?.toJS?.() ?? value;

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
  inner?:
    | {
        validate?: () => void;
        focus?: (path: unknown) => void;
        shouldComponentUpdate?: (next: Control['props']) => boolean;
      }
    | null
    | undefined;
};

/** The form's fields drawn now, by path (`title`, `image.alt`); a list's items are its list's. */
const controls = new Map<string, Control>();
const pathOf = (control: Control) => control.props.field.get('path') as string;

/**
 * Puts `values` (by field path) into the form, as if the writer had typed them: Decap keeps them
 * as the draft's, and the preview and the checks see them.
 */
export function fill(values: Record<string, unknown>) {
  for (const [path, value] of Object.entries(values)) {
    const control = controls.get(path);
    if (!control || same(plain(control.props.value), value)) continue;
    control.props.onChange(value !== null && typeof value === 'object' ? fromJS(value) : value);
    // Some controls (the Markdown box) keep their own copy of the text: drawn anew, they take it.
    control.filled = (control.filled ?? 0) + 1;
    control.forceUpdate();
  }
}

/**
 * The draft as it is now. Decap hands each control the entry as it was when that control last
 * drew, so only the control whose value just changed (or a control just drawn) has it fresh.
 */
const latest: { entry: DecapEntry } = { entry: undefined as never };

/** Offers back what was typed in this form and not saved, if any was kept (backup.ts). */
async function offerBackup(control: Control) {
  const key = backupKey(control.props.entry);
  const backup = await kept(key);
  if (!backup) return;
  const answer = async (restore: boolean) => {
    openEntry.offerBack(undefined);
    if (!restore) return forget(key);
    for (const file of backup.files) await control.props.onPersistMedia(file);
    // What the writer changed: the rest shows as the file is now, someone else's changes included.
    const was = backup.base === undefined ? {} : read(backup.base);
    fill(Object.fromEntries(Object.entries(backup.values).filter(([k, v]) => !same(was[k], v))));
    const { entry } = control.props;
    if (!entry.get('newRecord')) openEntry.standsOn(String(entry.get('path')), backup.base);
  };
  openEntry.offerBack({ key, savedAt: backup.savedAt, answer });
}

/**
 * Decap's one save button says "Publish" whatever the entry is. A save writes the file; whether
 * the site shows it is the Draft switch: so for a draft the button and its menu say "Save
 * draft", and a saved draft is "Saved as a draft", not "Published".
 */
export function relabelSaving() {
  const toolbar = document.querySelector('[class*="-ToolbarContainer"]');
  if (!toolbar || !latest.entry) return;
  const draft = (latest.entry.get('data') as ImmutableMap | undefined)?.get('draft') === true;
  const walker = document.createTreeWalker(toolbar, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    const action = /^(Publish|Save draft)( now| and create new| and duplicate)?$/.exec(text);
    const words = action
      ? `${draft ? 'Save draft' : 'Publish'}${action[2] ?? ''}`
      : /^(Published|Saved as a draft)$/.test(text)
        ? draft
          ? 'Saved as a draft'
          : 'Published'
        : text;
    if (words !== text) node.nodeValue = words;
  }
}

/**
 * Every widget of the form, also showing the engine's problems with its field, from the whole
 * entry's check, as the writer works and when they press Publish: each at its field, all at
 * once, until fixed.
 */
export function registerFieldChecks(cms: Decap, checks: Checks) {
  const { collections } = checks.config;
  const fieldsOf = (c: (typeof collections)[number]) => allFields(c.fields as EditorField[]);
  const paths = Object.fromEntries(
    collections.map((c) => [c.name, new Set(fieldsOf(c).map((field) => field.path))]),
  );
  const nameField = (entry: DecapEntry) =>
    collections.find((c) => c.name === entry.get('collection'))?.identifier_field;
  // Every kind of widget the form uses.
  const widgets = collections.flatMap((c) => fieldsOf(c).map((field) => field.widget));
  for (const name of new Set(widgets)) {
    const { control, preview, ...options } = cms.getWidget(name) as Record<string, unknown>;
    // Groups and lists check their own fields when Decap asks them to: the ask is passed on.
    const container = name === 'object' || name === 'list';
    const Checked = page.createClass({
      isValid(this: Control) {
        const { field, value } = this.props;
        const entry = latest.entry;
        // An empty field Decap requires is Decap's to report: "… is required."
        if (field.get('required') !== false && isEmpty(plain(value))) return true;
        const collection = entry.get('collection') as EditedCollection;
        if (!(collection in schemas)) return true;
        const config = checks.config.collections.find((c) => c.name === collection)!;
        const messages = problemsAt(checks.of(entry).problems, {
          path: field.get('path') as string,
          value,
          data: (entry.get('data') as ImmutableMap).toJS(),
          nameField: config.identifier_field,
          paths: paths[collection]!,
        }).map((problem) => problem.message);
        if (openEntry.conflictAt(field.get('path') as string)) {
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
        latest.entry = this.props.entry;
        if (!pathOf(this).includes('[]')) controls.set(pathOf(this), this);
        this.unlisten = openEntry.listen(() => this.forceUpdate());
        if (pathOf(this) === nameField(this.props.entry)) void offerBackup(this);
      },
      componentWillUnmount(this: Control) {
        if (controls.get(pathOf(this)) === this) controls.delete(pathOf(this));
        this.unlisten?.();
      },
      render(this: Control) {
        const path = pathOf(this);
        // The field just changed: its entry is the draft as it is now.
        if (this.props.value !== this.value) {
          latest.entry = this.props.entry;
          queueMicrotask(relabelSaving);
          keep(latest.entry, baseOf(latest.entry));
          // Edited after seeing theirs: the writer's own stands.
          if (this.value !== undefined) openEntry.answer(path, true);
        }
        this.value = this.props.value;
        const conflict = openEntry.conflictAt(path);
        const { offer } = openEntry;
        return [
          offer?.key === backupKey(this.props.entry) &&
            path === nameField(this.props.entry) &&
            backupOffer(offer.savedAt, (restore) => void offer.answer(restore)),
          // Above the form too: the entry's history, once it has a file.
          path === nameField(this.props.entry) &&
            !this.props.entry.get('newRecord') &&
            historyPanel({
              entry: this.props.entry,
              collection: collections.find((c) => c.name === this.props.entry.get('collection'))!,
              fill,
              persistMedia: (file) => this.props.onPersistMedia(file),
            }),
          page.h(control, {
            ...this.props,
            key: `control-${this.filled ?? 0}`,
            ref: (inner: Control['inner']) => (this.inner = inner),
            onChange: (value: unknown, ...rest: unknown[]) => {
              this.props.onChange(value, ...rest);
              // Kept as it is typed, before the form draws it: a tab closed at once loses nothing.
              if (/^\w+$/.test(path)) {
                const entry = latest.entry.setIn(['data', path], value);
                keep(entry, baseOf(entry));
              }
            },
          }),
          conflict &&
            conflictNote(conflict, (keep) => {
              openEntry.answer(path, keep);
              if (!keep) fill({ [path]: conflict.takeTheirs });
            }),
        ];
      },
    });
    cms.registerWidget({ name, controlComponent: Checked, previewComponent: preview, ...options });
  }
}
