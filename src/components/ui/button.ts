import { cn } from '@/lib/cn';

const variants = {
  primary: 'bg-brand-700 text-white shadow-sm shadow-brand-900/20 hover:bg-brand-800',
  secondary: 'bg-white text-ink ring-1 ring-stone-300 hover:bg-stone-50 hover:ring-stone-400',
  ghost: 'text-brand-700 hover:bg-brand-50',
} as const;

/** Classes for a pill button or a link styled as one. */
export function buttonClass(variant: keyof typeof variants = 'primary', className?: string) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-full px-6 py-3 text-sm font-semibold transition-colors',
    variants[variant],
    className,
  );
}
