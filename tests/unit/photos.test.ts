import { describe, expect, it } from 'vitest';
import { photoUrl, responsivePhoto } from '@/lib/photos';

const image = { src: 'https://images.unsplash.com/photo-1551183053-bf91a1d81141', alt: 'Pasta' };

describe('photo URLs', () => {
  it('asks the photo service for a cropped, compressed image at the given width', () => {
    const url = new URL(photoUrl(image.src, 640));
    expect(url.origin + url.pathname).toBe(image.src);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      auto: 'format',
      fit: 'crop',
      w: '640',
      q: '70',
    });
  });

  it('offers widths up to twice the display size', () => {
    const { src, srcSet } = responsivePhoto(image.src, 400);
    expect(src).toContain('w=400');
    expect(srcSet.split(', ').map((entry) => entry.split(' ')[1])).toEqual([
      '320w',
      '400w',
      '480w',
      '560w',
      '640w',
      '720w',
      '800w',
    ]);
  });
});
