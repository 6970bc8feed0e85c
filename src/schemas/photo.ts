import type { SchemaContext } from 'astro:content';
import { z } from 'astro/zod';
import { text } from './fields';

/** A photo on a stock-photo service; width parameters are added when a page renders it. */
const remoteSource = z.url({
  protocol: /^https$/,
  error: 'Use an https:// address, or a path to a photo beside this file such as ./cover.jpg',
});

/**
 * A photo with alt text. `src` is either an https:// URL or a path relative to the entry file
 * (`./cover.jpg`, `./images/dish.png`); local photos go through Astro's image pipeline.
 */
export const photoSchema = ({ image }: SchemaContext) =>
  z.strictObject({
    src: z.union([remoteSource, image()]).meta({
      title: 'Photo',
      description: 'An https:// URL, or a path to a photo beside this file such as ./cover.jpg.',
    }),
    alt: text().meta({
      title: 'Alt text',
      description: 'What the photo shows, for screen readers and when it cannot load. Required.',
    }),
    credit: z
      .strictObject({
        name: text().meta({ description: "The photographer's name." }),
        url: z
          .url({ protocol: /^https?$/ })
          .optional()
          .meta({ title: 'Link', description: "A link to the photographer's page. Optional." }),
      })
      .optional()
      .meta({ description: 'Who took the photo; shown as a small credit. Optional.' }),
  });

export type Photo = z.infer<ReturnType<typeof photoSchema>>;
