/** Cards rendered to static HTML, as the pages render them. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PostCard } from '@/components/blog/PostCard';
import { RecipeCard } from '@/components/recipes/RecipeCard';
import type { PostSummary, RecipeSummary } from '@/queries/content';
import type { PublishState } from '@/lib/publishing';
import { postSummary, recipeSummary } from '../support/fixtures';

const recipe = (state: PublishState): RecipeSummary => ({ ...recipeSummary('r'), state });
const post = (state: PublishState): PostSummary => ({ ...postSummary('p'), state });

describe('publish labels on cards', () => {
  it.each(['draft', 'scheduled'] as const)(
    'labels a %s entry, as npm run dev shows it',
    (state) => {
      const label = state === 'draft' ? 'Draft' : 'Scheduled';
      expect(renderToStaticMarkup(<RecipeCard recipe={recipe(state)} />)).toContain(
        `>${label}</span>`,
      );
      expect(renderToStaticMarkup(<PostCard post={post(state)} />)).toContain(`>${label}</span>`);
    },
  );

  it('shows no label on a published entry', () => {
    for (const html of [
      renderToStaticMarkup(<RecipeCard recipe={recipe('published')} />),
      renderToStaticMarkup(<PostCard post={post('published')} />),
    ]) {
      expect(html).not.toMatch(/>(Draft|Scheduled)<\/span>/);
    }
  });
});

describe('photos', () => {
  it("renders a writer's own photo as AVIF and WebP sources, up to twice the card width", () => {
    const local = {
      kind: 'local',
      alt: 'Soup',
      fallback: '/_astro/soup.webp',
      width: 1600,
      height: 1200,
      sources: (['avif', 'webp'] as const).map((format) => ({
        type: `image/${format}` as const,
        candidates: [320, 480, 960, 1200, 1600].map((width) => ({
          url: `/_astro/soup-${width}.${format}`,
          width,
        })),
      })),
    } as const;
    const html = renderToStaticMarkup(
      <RecipeCard recipe={{ ...recipe('published'), photo: local }} />,
    );
    expect(html).toContain('<source type="image/avif"');
    // A recipe card is shown at most 720 px wide (a phone in landscape): 1,440 px covers 2x.
    expect(html).toContain('/_astro/soup-1200.webp 1200w');
    expect(html).not.toContain('soup-1600');
    expect(html).toMatch(
      /<img src="\/_astro\/soup\.webp" width="720" height="540"[^>]*loading="lazy"/,
    );
  });

  it('shows the photographer when a photo has a credit', () => {
    const credited = { ...post('published').photo, credit: { name: 'Ana Lima' } };
    expect(
      renderToStaticMarkup(<PostCard post={{ ...post('published'), photo: credited }} />),
    ).toContain('Photo: Ana Lima');
  });
});
