import type { Type } from 'js-yaml';
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
     * Hydrate on the visitor's first pointer, key, focus, click or submit, and fetch ahead the
     * code on the list at this URL once idle; see src/browser/intent-directive.ts.
     */
    'client:intent'?: string;
  }
}

// js-yaml exports its built-in scalar types at run time; @types/js-yaml leaves them out.
declare module 'js-yaml' {
  export const types: Record<'null' | 'bool' | 'int' | 'float', Type>;
}
