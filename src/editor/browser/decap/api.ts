/**
 * Decap CMS as the web editor uses it: the few parts of its API this editor calls, typed, and the
 * names the editor gives it, which the configuration (node/config.ts) uses too. What its
 * documentation does not promise is listed, each with its guarding test, in the upstream table of
 * docs/ENGINE.md.
 */

/** An Immutable.js map as Decap hands it over; only what the editor uses. */
export type ImmutableMap = {
  get(key: string): unknown;
  getIn(path: (string | number)[]): unknown;
  has(key: string): boolean;
  set(key: string, value: unknown): ImmutableMap;
  setIn(path: (string | number)[], value: unknown): ImmutableMap;
  toJS(): Record<string, unknown>;
};

/** A Decap entry: its data, and what Decap knows of its file. */
export type DecapEntry = ImmutableMap;

/** The files of a backend (Decap's `Implementation`), as far as the editor changes them. */
export type Backend = {
  entriesByFolder(folder: string, extension: string, depth: number): Promise<StoredFile[]>;
  allEntriesByFolder?(
    folder: string,
    extension: string,
    depth: number,
    pathRegex?: RegExp,
  ): Promise<StoredFile[]>;
  getEntry(path: string): Promise<StoredFile>;
  getMedia(folder?: string): Promise<{ path: string; name: string }[]>;
  persistEntry(entry: { dataFiles: DataFile[] }, options: unknown): Promise<unknown>;
  deleteFiles(paths: string[], commitMessage: string): Promise<unknown>;
};
/** A file as a backend reads it; no data when there is no such file (the local proxy). */
export type StoredFile = { file: { path: string; id?: string | null }; data: string | null };
/** A file Decap's save writes: where, and its text. */
export type DataFile = { path: string; raw: string };

/** What Decap asks of a drawn control, besides drawing it. */
export type DrawnControl = {
  validate?(): void;
  focus?(path: unknown): void;
  shouldComponentUpdate?(next: object): boolean;
};

export type Decap = {
  init(options: { config: unknown }): void;
  getWidget(name: string): { control: unknown; preview: unknown };
  registerWidget(widget: {
    name: string;
    controlComponent: unknown;
    previewComponent: unknown;
  }): void;
  getBackend(name: string): { init: (...args: unknown[]) => Backend } | undefined;
  getLocale(name: string): Record<string, unknown> | undefined;
  registerLocale(name: string, phrases: Record<string, unknown>): void;
  registerPreviewStyle(url: string): void;
  registerPreviewTemplate(collection: string, component: unknown): void;
  registerEventListener(listener: {
    name: 'preSave' | 'postSave' | 'preUnpublish' | 'postUnpublish';
    handler: (event: { entry: DecapEntry }) => Promise<unknown>;
  }): void;
  registerCustomFormat(
    name: string,
    extension: string,
    format: {
      fromFile(text: string): Record<string, unknown>;
      toFile(data: Record<string, unknown>, sortedKeys?: string[]): string;
    },
  ): void;
};

export type DecapWindow = Window & {
  CMS_MANUAL_INIT?: boolean;
  CMS: Decap;
  h: (type: unknown, props: Record<string, unknown>) => unknown;
  createClass: (spec: Record<string, unknown>) => unknown;
};

/** The page's globals, where Decap's script puts CMS (globalThis: Node may read the names above). */
const page = globalThis as unknown as DecapWindow;

/**
 * Decap's own React, which everything drawn inside its form must use: an element, and a
 * component made from its methods. Called once Decap's script has run.
 */
export const h: DecapWindow['h'] = (type, props) => page.h(type, props);
export const createClass: DecapWindow['createClass'] = (spec) => page.createClass(spec);

/** Decap, once its script has run. */
export const decapCms = () => page.CMS;

/** Decap starts itself when its script runs, with a config.yml; ours starts it with config.json. */
export const startManually = () => void (page.CMS_MANUAL_INIT = true);
