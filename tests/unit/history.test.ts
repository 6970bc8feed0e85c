/**
 * An entry's history as the editor tells it (src/editor/browser/history/versions.ts): each version with
 * what changed since the one before it, the fields an old version would put back, and which
 * deleted files make an entry of a collection, with the photos deleted with it.
 */
import { describe, expect, it, vi } from 'vitest';
import { deletedEntries, described, differing } from '@/editor/browser/history/versions';
import { photoAt } from '@/editor/browser/saving/files';
import { jsonSchemas } from '@/editor/browser/schemas';
import type { Removal, Version } from '@/editor/contract';
import type { EditedCollection } from '@/editor/contract';
import { editorConfig } from '@/editor/node/config';

vi.mock('astro:content', () => import('@/editor/browser/stand-ins'));

const config = editorConfig(jsonSchemas(), { localPort: 8081 });
const collection = (name: EditedCollection) => config.collections.find((c) => c.name === name)!;

const member = (role: string, extra = '') =>
  `name: Mara Lind\nrole: ${role}\nbio: Mara bakes.\nimage:\n  src: ./mara.jpg\n  alt: Mara\n${extra}`;
const at = (text: string | undefined, path = 'src/content/team/mara-lind.yaml'): Version => ({
  commit: 'c0ffee',
  path,
  text,
});

describe('a file’s versions, in words', () => {
  it.each([
    ['the first version', [at(member('Baker'))], [['Created']]],
    [
      'a changed field, each against the version before it',
      [at(member('Head Baker')), at(member('Baker'))],
      [["Role: 'Baker' → 'Head Baker'"], ['Created']],
    ],
    [
      'a move, and what changed with it',
      [at(member('Baker'), 'src/content/team/mara-lind/index.yaml'), at(member('Baker'))],
      [['Moved from src/content/team/mara-lind.yaml'], ['Created']],
    ],
    [
      'a comment alone',
      [at(member('Baker', '# the about page\n')), at(member('Baker'))],
      [
        ['No field changed: only how the file is written (spacing, quotes or comments)'],
        ['Created'],
      ],
    ],
    [
      'a delete, and the file made again',
      [at(member('Baker')), at(undefined), at(member('Baker'))],
      [['Created again'], ['Deleted'], ['Created']],
    ],
  ])('says %s', (_, versions, words) => {
    expect(described(collection('team'), versions).map((v) => v.changes)).toEqual(words);
  });

  it('offers back the fields an old version says otherwise than the file now, by their labels', () => {
    const old = at(member('Baker', 'order: 2\n'));
    expect(differing(collection('team'), old, member('Head Baker'))).toEqual([
      { name: 'role', label: 'Role' },
      { name: 'order', label: 'Order' },
    ]);
  });
});

const removal = (files: string[], texts: Record<string, string>): Removal => ({
  commit: 'dead',
  author: 'Cleo Git',
  date: '2026-11-20T10:00:00Z',
  from: 'beef',
  files,
  texts,
});
const post = (photo: string) => `---\ntitle: Salt Water\nimage:\n  src: ${photo}\n---\n`;

describe('the entries a delete took away', () => {
  it('finds an entry in a folder of its own, with the photos of its folder', () => {
    const removals = [
      removal(
        [
          'src/content/blog/salt/index.md',
          'src/content/blog/salt/cover.jpg',
          'src/content/blog/salt/b.png',
        ],
        { 'src/content/blog/salt/index.md': post('./cover.jpg') },
      ),
    ];
    expect(deletedEntries(collection('blog'), removals)).toEqual([
      expect.objectContaining({
        file: 'src/content/blog/salt/index.md',
        name: 'Salt Water',
        author: 'Cleo Git',
        from: 'beef',
        photos: ['src/content/blog/salt/cover.jpg', 'src/content/blog/salt/b.png'],
      }),
    ]);
  });

  it('finds an entry in a file of its own with the photo it names, not its neighbours’', () => {
    const removals = [
      removal(
        ['src/content/blog/salt.mdx', 'src/content/blog/salt.jpg', 'src/content/blog/x.jpg'],
        {
          'src/content/blog/salt.mdx': post('./salt.jpg'),
        },
      ),
    ];
    expect(deletedEntries(collection('blog'), removals)[0]?.photos).toEqual([
      'src/content/blog/salt.jpg',
    ]);
  });

  it('lists an entry deleted twice once, as of its last delete, and no file of another collection or kind', () => {
    const file = 'src/content/blog/salt/index.md';
    const removals = [
      { ...removal([file], { [file]: post('https://example.com/a.jpg') }), author: 'Ben Cook' },
      removal([file], { [file]: post('https://example.com/a.jpg') }),
      removal(['src/content/team/mara.yaml'], { 'src/content/team/mara.yaml': member('Baker') }),
      removal(['src/content/blog/notes.txt'], { 'src/content/blog/notes.txt': 'notes' }),
    ];
    expect(deletedEntries(collection('blog'), removals).map((e) => [e.file, e.author])).toEqual([
      [file, 'Ben Cook'],
    ]);
  });
});

describe('where a photo an entry names is', () => {
  it('is beside the entry, or up from it, its name as on disk even with a space in it', () => {
    expect(photoAt('./cover.jpg', 'src/content/blog/ragu/index.mdx')).toBe(
      'src/content/blog/ragu/cover.jpg',
    );
    expect(photoAt('../photos/my ragu.jpg', 'src/content/blog/ragu.mdx')).toBe(
      'src/content/photos/my ragu.jpg',
    );
    expect(photoAt('./caf%C3%A9.jpg', 'src/content/blog/x.mdx')).toBe('src/content/blog/café.jpg');
  });
});
