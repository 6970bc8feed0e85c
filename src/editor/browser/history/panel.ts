/**
 * The entry's history, above its form: every version of its file, newest first, when and by whom,
 * and what changed in words. A whole version, or one field of it, goes back into the form as if
 * typed, never straight to disk: the writer sees it in the preview and saves it as any change,
 * with the same checks and merge. A photo the version names that is gone comes back with it, its
 * bytes from that version, added as an upload would add it. Drawn with Decap's own React (`h`),
 * as the backup offer is.
 */
import { photoExtensions } from '@/config';
import { h } from '../decap/api';
import { folderOf, type Files } from '../saving/files';
import {
  dateInWords,
  described,
  differing,
  fieldNames,
  photosNamed,
  reasonOf,
  restored,
  type Described,
} from './versions';
import type { EditorCollection } from '../../contract';

/** What the panel needs of the form. */
type Props = {
  /** The entry's file, from the project root. */
  file: string;
  collection: EditorCollection;
  files: () => Files;
  /** Puts values into the form, as if typed (decap/widgets.ts). */
  fill: (values: Record<string, unknown>) => void;
  /** Adds a photo to the entry's files as an upload would (Decap's widget `onPersistMedia`). */
  persistMedia: (file: File) => Promise<unknown>;
};

type State = {
  open: boolean;
  versions?: Described[] | undefined;
  failed?: string | undefined;
  /** What the last restore put into the form, in words. */
  said?: string | undefined;
  busy?: boolean;
};

type Panel = { props: Props; state: State; setState(state: Partial<State>): void };

const when = (date: string | undefined) => (date ? dateInWords(date) : 'at a time not known');

/** A version's heading: when and by whom, or that it is on disk only. */
const heading = (version: Described) =>
  version.commit === null
    ? 'Not committed yet'
    : `${when(version.date)}${version.author ? ` · ${version.author}` : ''}`;

/** A photo's type for the browser, by its ending. */
const typeOf = (name: string) => {
  const ending = photoExtensions.find((each) => name.toLowerCase().endsWith(each)) ?? '';
  return `image/${ending.slice(1).replace(/^jpg$/, 'jpeg')}`;
};

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

/** Reads every version of the open entry's file, with what changed in each. */
async function load(panel: Panel) {
  const { file, collection, files } = panel.props;
  panel.setState({ versions: undefined, failed: undefined, said: undefined });
  try {
    const versions = await files().history(file);
    panel.setState({ versions: described(collection, versions) });
  } catch (error) {
    panel.setState({ failed: reasonOf(error) });
  }
}

/**
 * Puts the fields `names` of `version` into the form, after any photo they name that is not in
 * the entry's folder now, taken from that version as an upload.
 */
async function restore(panel: Panel, version: Described, names: string[], labels: string[]) {
  const { file, files, fill, persistMedia } = panel.props;
  panel.setState({ busy: true, said: undefined });
  try {
    const values = restored(version, names);
    const folder = folderOf(file);
    for (const photo of photosNamed(values, version.path)) {
      // An upload lands beside the entry: a photo in a folder below it stays to the checks.
      const name = /^\.\/([^/]+)$/.exec(photo.src)?.[1];
      if (!name || (await files().read(`${folder}/${name}`)).text !== undefined) continue;
      const bytes = bytesOf(await files().fileAt(version.commit ?? 'HEAD', photo.file));
      await persistMedia(new File([bytes], name, { type: typeOf(name) }));
    }
    fill(values);
    const by = version.author ? ` (${version.author})` : '';
    panel.setState({
      said: `${labels.join(', ')} put back in the form as on ${when(version.date)}${by}. Nothing is saved until you save it.`,
    });
  } catch (error) {
    panel.setState({ said: `Nothing was put back: ${reasonOf(error)}` });
  } finally {
    panel.setState({ busy: false });
  }
}

/** One version: its heading, its changes, and what can be taken back from it. */
function versionItem(panel: Panel, version: Described, index: number, now: string | undefined) {
  const fields = index === 0 ? [] : differing(panel.props.collection, version, now);
  const button = (key: string, words: string, names: string[], labels: string[]) =>
    h('button', {
      key,
      type: 'button',
      disabled: panel.state.busy,
      onClick: () => void restore(panel, version, names, labels),
      children: words,
    });
  return h('li', {
    key: `${version.commit ?? 'disk'}-${index}`,
    className: 'editor-version',
    children: [
      h('h3', { key: 'when', children: heading(version) }),
      h('ul', {
        key: 'changes',
        children: version.changes.map((words, at) => h('li', { key: at, children: words })),
      }),
      ...(fields.length
        ? [
            // The whole version: every field as it was, the form's own changes to others too.
            button(
              'all',
              'Restore this version',
              fieldNames(panel.props.collection),
              fields.map((field) => field.label),
            ),
            ...fields.map((field) =>
              button(field.name, `Restore ${field.label}`, [field.name], [field.label]),
            ),
          ]
        : []),
    ],
  });
}

/** The panel's component, as Decap's React takes a class (decap/widgets.ts makes it). */
export const panelComponent = {
  getInitialState(): State {
    return { open: false };
  },
  toggle(this: Panel) {
    const open = !this.state.open;
    this.setState({ open });
    if (open) void load(this);
  },
  render(this: Panel & { toggle(): void }) {
    const { open, versions, failed, said } = this.state;
    const now = versions?.[0]?.text;
    return h('section', {
      className: 'editor-history',
      'aria-label': 'History',
      children: [
        h('button', {
          key: 'toggle',
          type: 'button',
          'aria-expanded': open,
          onClick: () => this.toggle(),
          children: open ? 'Hide history' : 'History',
        }),
        open &&
          !versions &&
          !failed &&
          h('p', { key: 'reading', children: 'Reading every version of this entry…' }),
        open &&
          failed &&
          h('p', {
            key: 'failed',
            role: 'alert',
            children: `The history could not be read: ${failed}`,
          }),
        open && versions && h('p', { key: 'said', role: 'status', children: said ?? '' }),
        open &&
          versions &&
          h('ol', {
            key: 'versions',
            'aria-label': 'Versions, newest first',
            children: versions.map((version, index) => versionItem(this, version, index, now)),
          }),
      ],
    });
  },
};

/** The history panel of the form's entry, drawn by `panel` (made from panelComponent). */
export const historyPanel = (panel: unknown, props: Props) =>
  h(panel, { key: 'history', ...props });
