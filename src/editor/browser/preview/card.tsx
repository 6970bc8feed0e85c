/**
 * The web editor's preview: the entry drawn by the site's own card (RecipeCard, PostCard,
 * TeamMemberCard, with the site's stylesheet, /admin/site.css), and under it, in words, where it
 * will appear, worked out by the engine's core. No second copy of a card exists: a change to a
 * card changes the preview with it. Drawn with the site's React, in Decap's preview pane. This
 * module and all it pulls in (React, React DOM, the cards) is a chunk of its own, which
 * decap/previews.ts loads when a preview is first opened.
 */
import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { TeamMemberCard } from '@/components/about/TeamMemberCard';
import { PostCard } from '@/components/blog/PostCard';
import { RecipeCard } from '@/components/recipes/RecipeCard';
import { readingMinutes } from '@/lib/format';
import type { PreparedPhoto } from '@/lib/photos';
import { publishingNow } from '@/lib/publishing';
import type { MemberSummary, PostSummary, RecipeSummary } from '@/queries/content';
import type { Photo } from '@/schemas/photo';
import type { EditedCollection, SiteEntry, SiteSnapshot } from '../../contract';
import { placementWords, stateAt } from '../saving/site-checks';

/** An entry that passed its schema, as the preview draws it. */
export type Previewed = {
  collection: EditedCollection;
  /** Its fields as the schema parsed them. */
  data: Record<string, unknown>;
  body: string | undefined;
  /** Its entry as the engine's index will hold it. */
  indexed: SiteEntry;
  /** Where the browser finds its photo: the address, or the uploaded file. */
  photoUrl: string;
};

/** The author a card names, from what the last build knew of the team. */
function author(site: SiteSnapshot, id: unknown) {
  const member = site.entries.find((e) => e.collection === 'team' && e.id === id);
  return { id: String(id), collection: 'team', data: { name: member?.name ?? String(id) } };
}

/** The card the site draws for `entry`. */
function card({ collection, data, body, indexed, photoUrl }: Previewed, site: SiteSnapshot) {
  const image = data['image'] as Photo;
  const photo: PreparedPhoto = photoUrl.startsWith('https:')
    ? { kind: 'remote', url: photoUrl, alt: image.alt }
    : { kind: 'local', fallback: photoUrl, width: 1200, height: 900, sources: [], alt: image.alt };
  const state = stateAt(site, indexed, publishingNow());
  const entry = { id: indexed.id, collection, data, photo, state };
  const by = (data['author'] as { id?: string } | undefined)?.id;
  // The cards take the summaries the pages give them; these are made the same way.
  switch (collection) {
    case 'recipes':
      return (
        <RecipeCard recipe={{ ...entry, author: author(site, by) } as unknown as RecipeSummary} />
      );
    case 'blog': {
      const post = {
        ...entry,
        author: author(site, by),
        readingMinutes: readingMinutes(body ?? ''),
      };
      return <PostCard post={post as unknown as PostSummary} />;
    }
    case 'team':
      return <TeamMemberCard member={entry as unknown as MemberSummary} />;
  }
}

/** What the preview draws: the entry, once it passed its schema; else what it waits for. */
export type PreviewProps = { entry: Previewed | undefined; waiting: string; site: SiteSnapshot };

/** The preview: the card, and where it will appear; or what it waits for. */
export function Preview({ entry, waiting, site }: PreviewProps): ReactElement {
  // Styled inline: the site's stylesheet holds only the classes the site's pages use.
  const frame = { maxWidth: '24rem', margin: '0 auto', padding: '1.5rem' };
  if (!entry) {
    return <p style={{ ...frame, fontSize: '0.875rem' }}>{waiting}</p>;
  }
  return (
    <div style={{ ...frame, display: 'grid', gap: '1rem' }}>
      {card(entry, site)}
      <ul
        aria-label="Where it will appear"
        style={{ display: 'grid', gap: '0.25rem', fontSize: '0.875rem' }}
      >
        {placementWords(site, entry.indexed, publishingNow()).map((words) => (
          <li key={words}>{words}</li>
        ))}
      </ul>
    </div>
  );
}

/** The preview drawn by the site's React in `element`, in Decap's preview pane. */
export type PreviewPane = { draw(props: PreviewProps): void; unmount(): void };

export function previewPane(element: Element): PreviewPane {
  const root = createRoot(element);
  return { draw: (props) => root.render(<Preview {...props} />), unmount: () => root.unmount() };
}
