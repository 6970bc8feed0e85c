import type { NoticeId } from '@/schemas/vocabulary';

// `data-notice` takes only an id from the notice catalogue, in .astro and React markup alike,
// so a typo fails `astro check` instead of leaving a button that silently does nothing.
declare global {
  namespace astroHTML.JSX {
    interface HTMLAttributes {
      'data-notice'?: NoticeId | undefined | null;
    }
  }
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- must match React's declaration
  interface HTMLAttributes<T> {
    'data-notice'?: NoticeId | undefined;
  }
}

declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * Hydrate on the visitor's first pointer, key, focus or notice, and fetch ahead the code on
     * the list at this URL once idle; see src/browser/intent-directive.ts.
     */
    'client:intent'?: string;
  }
}
