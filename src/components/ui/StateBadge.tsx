import type { PublishState } from '@/lib/publishing';
import { cn } from '@/lib/cn';

const labels = { draft: 'Draft', scheduled: 'Scheduled' } as const;

/**
 * Marks a draft or scheduled entry. Only `npm run dev` ever shows such entries, so writers can
 * check their work; built pages show published entries only, and no badge.
 */
export function StateBadge({ state, className }: { state: PublishState; className?: string }) {
  if (state === 'published') return null;
  return (
    <span
      className={cn(
        'rounded-full bg-stone-900 px-3 py-1 text-xs font-bold tracking-wide text-white uppercase',
        className,
      )}
    >
      {labels[state]}
    </span>
  );
}
