/**
 * Whether a photo in a collection folder tells where it was taken: a GPS position in its
 * metadata, which a repository keeps for anyone who reads it. Only the photo's structure and
 * metadata are read (a JPEG's segments before its picture), and only when its stamp changed
 * since the index kept the answer. A warning, not a problem: the build goes on.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { photoFacts } from '@/lib/photo-facts';
import type { ByteSource } from '@/lib/photo-parts';
import { plural } from '@/lib/format';
import type { FileStamp } from './entry-index';

/** What the index keeps of a photo: its stamp when checked, and whether it holds a position. */
export type CheckedPhoto = FileStamp & { position: boolean };

/** The command that removes positions and serial numbers from photos in place. */
export const CLEAN_COMMAND = 'npm run photos:clean';

/** Whether the photo at `path` holds a GPS position; a photo that cannot be read holds none here. */
export async function holdsPosition(path: string, { size }: FileStamp): Promise<boolean> {
  let file: number | undefined;
  try {
    file = openSync(path, 'r');
    const fd = file;
    const source: ByteSource = {
      size,
      read: (offset, length) => {
        const bytes = new Uint8Array(length);
        readSync(fd, bytes, 0, length, offset);
        return bytes;
      },
    };
    const facts = await photoFacts(source);
    return !!facts && 'position' in facts && facts.position;
  } catch {
    return false; // gone since it was listed, or unreadable: the photo's own check says so
  } finally {
    if (file !== undefined) closeSync(file);
  }
}

// Past this many photos, the command cleans every photo in src/content rather than naming each.
const NAMED = 5;

/** The warning for photos (from the project root) that hold a position, with the command that removes it. */
export function positionWarning(files: readonly string[]): string {
  const count = files.length;
  const command = count <= NAMED ? `${CLEAN_COMMAND} -- ${files.join(' ')}` : CLEAN_COMMAND;
  return [
    `${count} ${plural(count, 'photo tells', 'photos tell')} where ${plural(count, 'it was', 'they were')} taken: ` +
      `a GPS position is in the file, for anyone who can read the repository to see.`,
    ...files.map((file) => `  ${file}`),
    `To remove the position and the camera's serial number, leaving the picture as it is, run:`,
    `  ${command}`,
  ].join('\n');
}
