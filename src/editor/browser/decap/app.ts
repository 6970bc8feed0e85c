/**
 * Decap CMS as the web editor loads it (/admin/decap.js): its core with only what the editor's
 * configuration (src/editor/node/config.ts, fields.ts) names, in place of Decap's whole bundle
 * with every backend, widget and language. Built by src/editor/node/decap-app.ts, which stops
 * when the configuration names a widget or backend this file does not register. The collection
 * list needs no widget: each but groups and lists is fetched when a form first draws one. It sets
 * the page's globals that Decap's own script sets and the editor uses: CMS, initCMS, createClass, h.
 */
import createClass from 'create-react-class';
import { DecapCmsCore as CMS, type CmsWidgetParam } from 'decap-cms-core';
import { GitHubBackend } from 'decap-cms-backend-github';
import { ProxyBackend } from 'decap-cms-backend-proxy';
import en from 'decap-cms-locales/dist/esm/en';
import datetimeSchema from 'decap-cms-widget-datetime/dist/esm/schema';
import imageSchema from 'decap-cms-widget-image/dist/esm/schema';
import list from 'decap-cms-widget-list';
import markdownSchema from 'decap-cms-widget-markdown/dist/esm/schema';
import numberSchema from 'decap-cms-widget-number/dist/esm/schema';
import object from 'decap-cms-widget-object';
import relationSchema from 'decap-cms-widget-relation/dist/esm/schema';
import selectSchema from 'decap-cms-widget-select/dist/esm/schema';
import { Component, createElement, type ComponentType } from 'react';
import type { DrawnControl } from './api';

type Parts = { controlComponent: ComponentType; previewComponent?: ComponentType };
type Package = { default: { Widget(): Parts } };
/** What the form (src/editor/browser/decap/widgets.ts) and Decap ask of a drawn control. */
type Control = Component & DrawnControl;

/**
 * A widget whose parts are fetched when a form first draws it; its schema is here at once, for
 * Decap's check of the configuration. Until fetched, its field draws nothing; then the widget's
 * own part, with every prop, and what Decap asks of the control (validate, focus) passed on.
 */
function fetched(name: string, load: () => Promise<Package>, schema: object = {}) {
  let parts: Parts | undefined;
  let loading: Promise<Parts> | undefined;
  const part = (key: keyof Parts) =>
    class Fetched extends Component<{ ref?: unknown }, { parts?: Parts | undefined }> {
      override state = { parts };
      drawn: Control | null = null;
      override componentDidMount() {
        if (this.state.parts) return;
        loading ??= load().then((pkg) => (parts = pkg.default.Widget()));
        void loading.then((loaded) => this.setState({ parts: loaded }));
      }
      // Asked by React, and by the form with no state (decap/widgets.ts).
      override shouldComponentUpdate(next: object, state?: { parts?: Parts | undefined }) {
        const own = this.drawn?.shouldComponentUpdate;
        if (state && state.parts !== this.state.parts) return true;
        return !own || own.call(this.drawn, next);
      }
      validate() {
        this.drawn?.validate?.();
      }
      focus(path: unknown) {
        this.drawn?.focus?.(path);
      }
      override render() {
        const Part = this.state.parts?.[key];
        // Decap's ref is this stand-in's; the widget's own part gets one of its own.
        const ref = (drawn: Control | null) => {
          this.drawn = drawn;
        };
        return Part
          ? createElement(Part as ComponentType<{ ref: typeof ref }>, { ...this.props, ref })
          : null;
      }
    };
  return {
    name,
    controlComponent: part('controlComponent'),
    previewComponent: part('previewComponent'),
    schema,
  };
}

CMS.registerBackend('github', GitHubBackend);
CMS.registerBackend('proxy', ProxyBackend);
const widgets: object[] = [
  fetched('string', () => import('decap-cms-widget-string')),
  fetched('text', () => import('decap-cms-widget-text')),
  fetched('number', () => import('decap-cms-widget-number'), numberSchema),
  fetched('boolean', () => import('decap-cms-widget-boolean')),
  fetched('datetime', () => import('decap-cms-widget-datetime'), datetimeSchema),
  fetched('select', () => import('decap-cms-widget-select'), selectSchema),
  fetched('relation', () => import('decap-cms-widget-relation'), relationSchema),
  fetched('image', () => import('decap-cms-widget-image'), imageSchema),
  fetched('markdown', () => import('decap-cms-widget-markdown'), markdownSchema),
];
// Groups and lists are drawn at once: Decap's check of a save reaches their fields through them,
// and missed those of one drawn later.
widgets.push(object.Widget(), list.Widget());
// Decap's types call a widget's parts props; they are components.
for (const widget of widgets) CMS.registerWidget(widget as unknown as CmsWidgetParam);
CMS.registerLocale('en', en);

Object.assign(window, { CMS, initCMS: CMS.init, createClass, h: createElement });
