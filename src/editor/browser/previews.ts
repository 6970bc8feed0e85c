/** Decap's preview pane, drawing each collection's entries with preview.tsx. */
import { createElement } from 'react';
import { plural } from '@/lib/format';
import { page, type Decap, type DecapEntry, type ImmutableMap } from './decap';
import { Edit, type Checks } from './entry';
import { Preview, previewRoot } from './preview';
import { schemas } from './schemas';

/**
 * The preview of each collection: the site's card for the entry, and where it will appear
 * (preview.tsx), drawn by the site's React into Decap's preview pane. It opens on demand, with
 * the eye button, so the form has the width until then.
 */
export function registerPreviews(cms: Decap, checks: Checks) {
  cms.registerPreviewStyle(new URL('./site.css', window.location.href).href);
  type Template = {
    props: { entry: DecapEntry; getAsset: (path: string) => { toString(): string } };
    element?: HTMLElement | null;
    root?: ReturnType<typeof previewRoot>;
  };
  const draw = (template: Template) => {
    const { entry, getAsset } = template.props;
    const { problems, indexed, data } = checks.of(entry);
    const src = String((entry.get('data') as ImmutableMap).getIn(['image', 'src']) ?? '');
    const edit = new Edit(entry, checks.config);
    const previewed = indexed &&
      data && {
        collection: edit.collection,
        data,
        body: edit.body,
        indexed,
        photoUrl: /^https:/.test(src) ? src : getAsset(src).toString(),
      };
    const waiting = `The card shows once the form has nothing left to fix (${problems.length} ${plural(problems.length, 'field')} to go).`;
    template.root?.render(createElement(Preview, { entry: previewed, waiting, site: checks.site }));
  };
  for (const collection of Object.keys(schemas)) {
    const Card = page.createClass({
      componentDidMount(this: Template) {
        if (this.element) this.root = previewRoot(this.element);
        draw(this);
      },
      componentDidUpdate(this: Template) {
        draw(this);
      },
      componentWillUnmount(this: Template) {
        this.root?.unmount();
      },
      render(this: Template) {
        return page.h('div', { ref: (element: HTMLElement | null) => (this.element = element) });
      },
    });
    cms.registerPreviewTemplate(collection, Card);
  }
}
