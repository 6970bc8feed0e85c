/**
 * Decap's packages that app.ts bundles and that ship no types of their own: as much as app.ts
 * uses of them.
 */
declare module 'decap-cms-backend-github' {
  export const GitHubBackend: unknown;
}
declare module 'decap-cms-backend-proxy' {
  export const ProxyBackend: unknown;
}
declare module 'decap-cms-locales/dist/esm/en' {
  const phrases: Record<string, unknown>;
  export default phrases;
}
declare module 'decap-cms-widget-*' {
  import type { ComponentType } from 'react';
  const widget: {
    Widget(): {
      controlComponent: ComponentType;
      previewComponent?: ComponentType;
    };
  };
  export default widget;
}
declare module 'decap-cms-widget-*/dist/esm/schema' {
  const schema: object;
  export default schema;
}
declare module 'create-react-class' {
  const createClass: (spec: Record<string, unknown>) => unknown;
  export default createClass;
}
