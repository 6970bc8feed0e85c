/**
 * Decap's preview pane: a light template for each collection, registered before Decap starts,
 * which draws the site's card for the entry and where it will appear (preview/card.tsx) with the
 * site's React. Those are loaded when a preview is first opened, so none of them is fetched before
 * the list. It opens on demand, with the eye button, so the form has the width until then.
 */
import { plural } from '@/lib/format';
import type { Editor } from '../editor';
import type * as PreviewCode from '../preview/card';
import { Edit } from '../saving/edit';
import { schemas } from '../schemas';
import { createClass, h, type Decap, type DecapEntry, type ImmutableMap } from './api';
import type { Forms } from './entries';

export function registerPreviews(cms: Decap, editor: Editor, forms: Forms) {
  /** preview/card.tsx, fetched once, when a preview first opens; fetched again if that failed. */
  let previewCode: Promise<typeof PreviewCode> | undefined;
  const loadPreviewCode = () =>
    (previewCode ??= import('../preview/card').catch((error: unknown) => {
      previewCode = undefined;
      throw error;
    }));
  cms.registerPreviewStyle(new URL('./site.css', window.location.href).href);
  type Template = {
    props: { entry: DecapEntry; getAsset: (path: string) => { toString(): string } };
    element?: HTMLElement | null;
    /** The site's React drawing into `element`, once preview/card.tsx has loaded. */
    pane?: PreviewCode.PreviewPane;
    closed?: boolean;
  };
  const draw = (template: Template) => {
    if (!template.pane) return; // drawn once preview/card.tsx has loaded
    const { entry, getAsset } = template.props;
    const form = forms.of(entry);
    const { problems, indexed, data } = editor.checker.of(form, editor.entry.now.base);
    const src = String((entry.get('data') as ImmutableMap).getIn(['image', 'src']) ?? '');
    const edit = new Edit(form, editor.config, editor.entry.now.base);
    const previewed = indexed &&
      data && {
        collection: edit.collection,
        data,
        body: edit.body,
        indexed,
        photoUrl: /^https:/.test(src) ? src : getAsset(src).toString(),
      };
    const waiting = `The card shows once the form has nothing left to fix (${problems.length} ${plural(problems.length, 'field')} to go).`;
    template.pane.draw({ entry: previewed, waiting, site: editor.checker.site });
  };
  for (const collection of Object.keys(schemas)) {
    const Card = createClass({
      componentDidMount(this: Template) {
        // Drawn once the site's snapshot is there too: the card says where the entry appears.
        void Promise.all([loadPreviewCode(), editor.checker.known]).then(
          ([{ previewPane }]) => {
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
        return h('div', { ref: (element: HTMLElement | null) => (this.element = element) });
      },
    });
    cms.registerPreviewTemplate(collection, Card);
  }
}
