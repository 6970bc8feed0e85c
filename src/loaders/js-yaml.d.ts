// js-yaml exports its built-in scalar types at run time; @types/js-yaml leaves them out.
import type { Type } from 'js-yaml';

declare module 'js-yaml' {
  export const types: Record<'null' | 'bool' | 'int' | 'float', Type>;
}
