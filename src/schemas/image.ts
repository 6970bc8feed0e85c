import { z } from 'astro/zod';

/** A stock photo on a remote image service, always paired with alt text. */
export const remoteImageSchema = z.object({
  /** Absolute https URL of the photo; width parameters are added when the page renders it. */
  src: z.url({ protocol: /^https$/, error: 'Use an absolute https:// URL for the image' }),
  /** What the photo shows, for screen readers and when it cannot load. Required. */
  alt: z.string().trim().min(1, 'Describe the photo in alt text'),
});

export type RemoteImage = z.infer<typeof remoteImageSchema>;
