/** Widths offered to the browser; the photo service resizes on the fly. */
export const photoWidths = [320, 400, 480, 560, 640, 720, 800, 960, 1200, 1600] as const;

/** The photo at a given width, cropped and in the best format the browser accepts. */
export function photoUrl(src: string, width: number): string {
  const url = new URL(src);
  url.searchParams.set('auto', 'format');
  url.searchParams.set('fit', 'crop');
  url.searchParams.set('w', String(width));
  url.searchParams.set('q', '70');
  return url.toString();
}

/** `src` and `srcset` for a photo shown at most `maxWidth` CSS pixels wide, up to 2x density. */
export function responsivePhoto(url: string, maxWidth: number) {
  const widths = photoWidths.filter((w) => w <= maxWidth * 2);
  return {
    src: photoUrl(url, maxWidth),
    srcSet: widths.map((w) => `${photoUrl(url, w)} ${w}w`).join(', '),
  };
}
