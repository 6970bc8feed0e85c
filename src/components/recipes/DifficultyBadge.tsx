import type { Difficulty } from '@/schemas/vocabulary';
import { cn } from '@/lib/cn';

// Easy green, Medium yellow, Hard red (docs/BEHAVIOUR.md); each pairing meets WCAG AA contrast.
const badge: Record<Difficulty, string> = {
  Easy: 'bg-green-100 text-green-800 ring-green-600/20',
  Medium: 'bg-yellow-100 text-yellow-800 ring-yellow-600/25',
  Hard: 'bg-red-100 text-red-800 ring-red-600/20',
};

export function DifficultyBadge({ level, className }: { level: Difficulty; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        badge[level],
        className,
      )}
    >
      {level}
    </span>
  );
}
