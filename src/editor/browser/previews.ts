/**
 * Decap's preview pane: a light template for each collection, registered before Decap starts,
 * which loads the site's React and cards (preview.tsx) when a preview is first opened, so none of
 * them is fetched before the list.
 */
import { plural } from '@/lib/format';
import { page, type Decap, type DecapEntry, type ImmutableMap } from './decap';
import { Edit, type Checks } from './entry';
import type * as PreviewCode from './preview';
import { schemas } from './schemas';

/** preview.tsx, fetched once, when a preview first opens; fetched again if that failed. */
let previewCode: Promise<typeof PreviewCode> | undefined;
const loadPreviewCode = () =>
  (previewCode ??= import('./preview').catch((error: unknown) => {
    previewCode = undefined;
    throw error;
  }));

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
    /** The site's React drawing into `element`, once preview.tsx has loaded. */
    pane?: PreviewCode.PreviewPane;
    closed?: boolean;
  };
  const draw = (template: Template) => {
    if (!template.pane) return; // drawn once preview.tsx has loaded
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
    template.pane.draw({ entry: previewed, waiting, site: checks.site });
  };
  for (const collection of Object.keys(schemas)) {
    const Card = page.createClass({
      componentDidMount(this: Template) {
        void loadPreviewCode().then(
          ({ previewPane }) => {
            if (this.closed || !this.element) return;
            this.pane = previewPane(this.element);
            draw(this);
          },
          () => {
            if (this.element)
              this.element.textContent = 'The card could not load: reload the page.';
          },
        );
      },
      componentDidUpdate(this: Template) {
        draw(this);
      },
      componentWillUnmount(this: Template) {
        this.closed = true;
        this.pane?.unmount();
      },
      render(this: Template) {
        return page.h('div', { ref: (element: HTMLElement | null) => (this.element = element) });
      },
    });
    cms.registerPreviewTemplate(collection, Card);
  }
}
