/**
 * The web editor's preview: the entry drawn by the site's own card (RecipeCard, PostCard,
 * TeamMemberCard, with the site's stylesheet, /admin/site.css), and under it, in words, where it
 * will appear, worked out by the engine's core. No second copy of a card exists: a change to a
 * card changes the preview with it. Drawn with the site's React, in Decap's preview pane.
 */
import type { ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { TeamMemberCard } from '@/components/about/TeamMemberCard';
import { PostCard } from '@/components/blog/PostCard';
import { RecipeCard } from '@/components/recipes/RecipeCard';
import { readingMinutes } from '@/lib/format';
import type { PreparedPhoto } from '@/lib/photos';
import type { MemberSummary, PostSummary, RecipeSummary } from '@/queries/content';
import type { Photo } from '@/schemas/photo';
import type { EditedCollection } from '../node/config';
import { placementWords, stateAt, type SiteEntry, type SiteSnapshot } from './site-check';

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
  const state = stateAt(site, indexed, new Date());
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

/** The preview: the card, and where it will appear; or what it waits for. */
export function Preview({
  entry,
  waiting,
  site,
}: {
  entry: Previewed | undefined;
  waiting: string;
  site: SiteSnapshot;
}): ReactElement {
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
        {placementWords(site, entry.indexed, new Date()).map((words) => (
          <li key={words}>{words}</li>
        ))}
      </ul>
    </div>
  );
}

/** A root for the site's React inside Decap's preview pane. */
export const previewRoot = (element: Element): Root => createRoot(element);
