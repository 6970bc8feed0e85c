import type { ContentCheck, LoadedEntry } from './content-files';
import { findInData } from './find-in-data';
import type { Problem } from './problems';
import { fieldName } from './validate';
import { pageNeeds, PLACEHOLDER } from '@/config';
import {
  dayIn,
  dayOf,
  publishingInstant,
  publishState,
  shortfall,
  type PublishState,
} from '@/lib/publishing';

type Dated = { publishDate: Date; draft: boolean; title: string };

/** Lists at most this many entries by name in the build log; the rest are counted. */
const LISTED = 20;

function listing(
  heading: string,
  entries: readonly LoadedEntry[],
  detail: (e: LoadedEntry) => string,
): string[] {
  if (!entries.length) return [];
  const shown = entries.slice(0, LISTED).map((e) => `  ${e.file}${detail(e)}`);
  const rest = entries.length - shown.length;
  return [[`${heading}:`, ...shown, ...(rest > 0 ? [`  …and ${rest} more`] : [])].join('\n')];
}

/** A value that still starts with the placeholder `npm run new` wrote. */
const placeholder = (value: unknown) =>
  typeof value === 'string' && value.startsWith(PLACEHOLDER) ? value : undefined;

/**
 * The rules that need all the content at once: each page can be filled with published entries,
 * Today's Special is live, and nothing live or scheduled still holds a placeholder. The build
 * log also lists what is waiting to publish.
 */
export const siteContentCheck: ContentCheck = (content, { locate, rejected }) => {
  const site = content.get('site')?.find((entry) => entry.id === 'site');
  const timezone = typeof site?.data['timezone'] === 'string' ? site.data['timezone'] : 'UTC';
  const today = dayIn(timezone, publishingInstant());
  const stateOf = (entry: LoadedEntry) => publishState(entry.data as Dated, today);
  const collection = (name: string) =>
    (content.get(name) ?? []).map((entry) => ({ entry, state: stateOf(entry) }));

  // Each entry's state is worked out once per run; the page needs only filter these lists.
  const dated = { recipes: collection('recipes'), blog: collection('blog') };
  const { recipes, blog: posts } = dated;
  const problems: Problem[] = [];
  for (const need of Object.values(pageNeeds)) {
    const states = dated[need.collection]
      .filter(({ entry }) => !('qualifies' in need) || need.qualifies(entry.data))
      .map(({ state }) => state);
    const published = states.filter((s) => s === 'published').length;
    if (published >= need.count) continue;
    const left = rejected(need.collection);
    const note = left
      ? ` ${left} ${left === 1 ? 'entry' : 'entries'} with problems listed here ${left === 1 ? 'was' : 'were'} not counted.`
      : '';
    problems.push({
      file: `src/content/${need.collection}`,
      message: shortfall(need.label, need.count, states) + note,
    });
  }

  const special = site?.data['todaysSpecial'] as { id: string } | undefined;
  const specialState = recipes.find((r) => r.entry.id === special?.id)?.state;
  if (site && specialState && specialState !== 'published') {
    problems.push({
      file: site.file,
      ...locate(site.file, ['todaysSpecial']),
      field: 'todaysSpecial',
      message: `The recipe "${special?.id}" is ${specialState === 'draft' ? 'a draft' : 'scheduled'}, so the home page cannot show it yet. Pick a published recipe.`,
    });
  }

  const team = (content.get('team') ?? []).filter((member) => !member.data['draft']);
  const goingLive = [...recipes, ...posts].filter((r) => r.state !== 'draft').map((r) => r.entry);
  for (const entry of [...goingLive, ...team]) {
    for (const { path } of findInData(entry.data, placeholder)) {
      problems.push({
        file: entry.file,
        ...locate(entry.file, path),
        field: fieldName(path),
        message: `still starts with the ${PLACEHOLDER} text that npm run new wrote. Write your own, or put back "draft: true" until the entry is ready.`,
      });
    }
  }

  const waiting = (state: PublishState) =>
    [...recipes, ...posts].filter((r) => r.state === state).map((r) => r.entry);
  const notes = [
    listing(
      `Scheduled, so left out of this build (published as of ${today}, ${timezone})`,
      waiting('scheduled'),
      (e) => ` goes live on ${dayOf((e.data as Dated).publishDate)}`,
    ),
    listing('Drafts, left out of this build', waiting('draft'), () => ''),
  ].flat();
  return { problems, notes };
};
