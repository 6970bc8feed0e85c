/**
 * Saving and deleting: the checks once more before a save (nothing the build would refuse is
 * written), the file written as the checks left it, and each backend keeping an entry's files
 * together (its .mdx beside .md, its photos deleted with it).
 */
import { markdownExtensions, photoExtensions } from '@/config';
import { fieldName } from '@/loaders/problems';
import type { EditorConfig } from '../node/config';
import type { Backend, Decap, ImmutableMap } from './decap';
import { Edit, FILE_TEXT, ours, readForList, type Checks, type Fields } from './entry';
import { keptEntryFile, keptYaml } from './keep-text';
import { schemas } from './schemas';
import { isFile, problemsAfter } from './site-check';

/** A refusal, in Decap's toast as its words alone, without "Error:" before them. */
class Refusal extends Error {
  override toString() {
    return this.message;
  }
}

/**
 * Before a save: the same checks once more (a save the build would refuse is never written),
 * then the file, with only what changed written anew. Before a delete: what the site would say
 * without the entry.
 */
export function registerSaveChecks(cms: Decap, checks: Checks) {
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
        throw new Error(`Not saved; the site would refuse it.\n${lines.join('\n')}`);
      }
      return data.set(FILE_TEXT, new Edit(entry, checks.config).text());
    },
  });
  cms.registerEventListener({
    name: 'postSave',
    handler: async ({ entry }) => void checks.saved(entry),
  });
  cms.registerEventListener({
    name: 'preUnpublish',
    handler: async ({ entry }) => {
      const file = entry.get('path') as string;
      const problems = problemsAfter(checks.site, { remove: file }, new Date());
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
    handler: async ({ entry }) => void checks.deleted(entry.get('path') as string),
  });
}

/** Each collection's format, as config.json names it: files read and written as a person would. */
export function registerFormats(cms: Decap, config: EditorConfig) {
  const format = {
    fromFile: readForList,
    // The file as the checks left it; a fresh print only for Decap's own backups of a draft.
    toFile: ({ [FILE_TEXT]: text, body, ...data }: Fields, sortedKeys: string[] = []) => {
      if (typeof text === 'string') return text;
      const fields = Object.fromEntries(Object.entries(data).filter(([key]) => !ours(key)));
      return body === undefined
        ? keptYaml(undefined, fields, sortedKeys)
        : keptEntryFile(undefined, fields, String(body), sortedKeys);
    },
  };
  for (const { format: name, extension } of config.collections) {
    cms.registerCustomFormat(name, extension, format);
  }
}

const dir = (file: string) => file.slice(0, file.lastIndexOf('/'));
/** Where the photo `src` of the entry at `file` is, from the project root. */
const photoFile = (src: string, file: string) => new URL(src, `file:///${file}`).pathname.slice(1);
const isPhoto = (file: string) =>
  photoExtensions.some((ending) => file.toLowerCase().endsWith(ending));

// Decap knows one ending a collection, a Markdown one's first (.md): the others' files (.mdx) are
// listed with it, and Decap adds .md to their paths (x.mdx.md), which filePath takes off.
const [md = '', ...others] = markdownExtensions;
const filePath = (path: string) =>
  others.some((ending) => path.endsWith(ending + md)) ? path.slice(0, -md.length) : path;

/**
 * Each backend (the GitHub one and the local proxy) as the editor needs it: a Markdown
 * collection lists its `.mdx` entries with its `.md` ones, and deleting an entry deletes the
 * photos only it used, its folder's with them.
 */
export function registerFileKeeping(cms: Decap, checks: Checks) {
  const keep = (backend: Backend): Backend => {
    const { entriesByFolder, allEntriesByFolder, getEntry, getMedia, deleteFiles } = backend;
    const both = async (
      list: (extension: string) => Promise<Awaited<ReturnType<Backend['getEntry']>>[]>,
      extension: string,
    ) =>
      `.${extension}` === md
        ? (await Promise.all(markdownExtensions.map((ending) => list(ending.slice(1))))).flat()
        : list(extension);
    backend.entriesByFolder = (folder, extension, depth) =>
      both((ending) => entriesByFolder.call(backend, folder, ending, depth), extension);
    if (allEntriesByFolder) {
      backend.allEntriesByFolder = (folder, extension, depth, pathRegex) =>
        both(
          (ending) => allEntriesByFolder.call(backend, folder, ending, depth, pathRegex),
          extension,
        );
    }
    backend.getEntry = (path) => getEntry.call(backend, filePath(path));
    backend.deleteFiles = async (paths, commitMessage) => {
      const files = paths.map(filePath);
      const others = checks.site.entries.filter(
        (entry) => !files.some((file) => isFile(entry, file)),
      );
      const used = new Set(
        others.flatMap((entry) => (entry.photos ?? []).map((src) => photoFile(src, entry.file))),
      );
      for (const file of files) {
        const entry = checks.site.entries.find((each) => isFile(each, file));
        const own = (entry?.photos ?? []).map((src) => photoFile(src, file));
        // An entry in a folder of its own takes the folder's photos with it.
        const folder = /\/index\.[^/]+$/.test(file)
          ? (await getMedia.call(backend, dir(file))).map((media) => media.path).filter(isPhoto)
          : [];
        files.push(
          ...[...own, ...folder].filter((photo) => !used.has(photo) && !files.includes(photo)),
        );
      }
      return deleteFiles.call(backend, files, commitMessage);
    };
    return backend;
  };
  for (const name of ['proxy', 'github']) {
    const registered = cms.getBackend(name);
    if (!registered) throw new Error(`Decap CMS has no "${name}" backend to keep files with.`);
    const { init } = registered;
    registered.init = (...args) => keep(init(...args));
  }
}
