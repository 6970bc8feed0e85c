/**
 * What each part of the editor is handed when it starts (main.ts): the configuration, the checks,
 * the entry open in the form, and the files of the backend Decap started. Nothing else is shared.
 */
import type { EditorConfig } from '../contract';
import type { OpenEntry } from './open-entry';
import type { Checker } from './saving/checker';
import type { Files } from './saving/files';

export class Editor {
  constructor(
    readonly config: EditorConfig,
    readonly checker: Checker,
    readonly entry: OpenEntry,
    /** The files where saves go: the local proxy's or GitHub's, once Decap has started one. */
    readonly files: () => Files,
  ) {}
}
