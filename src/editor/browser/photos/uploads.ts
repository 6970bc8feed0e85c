/**
 * A photo a writer uploads is written without where it was taken or which camera took it, and no
 * larger than the site needs. Decap reads a file the moment its file input says `change`; this
 * hears that `change` first (the window's capture phase), holds it, cleans the files, puts them
 * back in the input and says `change` again. So whichever backend saves the file (the local proxy
 * or GitHub) and the preview only ever see the cleaned photo. See docs/EDITOR.md.
 */
import { cleanPhoto } from '@/lib/photo-metadata';
import { isPhoto } from '../saving/files';

/** Photos longer than this on their long side are scaled down to it, as WordPress does. */
const LONG_SIDE = 2560;

// Lossy formats are encoded again at this quality when scaled; PNG is lossless whatever it is.
const QUALITY = 0.9;

/** A file the writer could not upload, and why, in their words. */
class Refused extends Error {}

/** The photo drawn again, upright, no longer than LONG_SIDE, in its own format when the browser writes it. */
async function drawn(file: File, bitmap: ImageBitmap): Promise<File> {
  const scale = Math.min(1, LONG_SIDE / Math.max(bitmap.width, bitmap.height));
  const [width, height] = [Math.round(bitmap.width * scale), Math.round(bitmap.height * scale)];
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d')!;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  // A browser that cannot write the format (AVIF, or WebP in Safari) writes PNG instead.
  const blob = await canvas.convertToBlob({ type: file.type, quality: QUALITY });
  const extension = blob.type === file.type ? '' : `.${blob.type.replace('image/', '')}`;
  return new File([blob], extension ? file.name.replace(/\.[^.]+$/, extension) : file.name, {
    type: blob.type,
    lastModified: file.lastModified,
  });
}

/**
 * The file as it is written: a photo without its metadata (the picture's bytes kept), or, when
 * longer than LONG_SIDE, drawn again at that size, which keeps no metadata at all.
 */
async function cleaned(file: File): Promise<File> {
  if (!isPhoto(file.name)) return file;
  // Drawn the way up the photo's orientation says, as the writer sees it.
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' }).catch(
    () => undefined,
  );
  try {
    if (bitmap && Math.max(bitmap.width, bitmap.height) > LONG_SIDE)
      return await drawn(file, bitmap);
    const result = cleanPhoto(new Uint8Array(await file.arrayBuffer()));
    if (result.ok && !result.removed) return file;
    if (result.ok) {
      const { type, lastModified } = file;
      return new File([result.bytes as Uint8Array<ArrayBuffer>], file.name, { type, lastModified });
    }
    if (!bitmap) throw new Refused(`${file.name} could not be read as a photo. ${result.problem}`);
    // The browser shows what the file's structure does not explain: drawn again, it keeps no metadata.
    return await drawn(file, bitmap);
  } finally {
    bitmap?.close();
  }
}

/**
 * Holds a file input's `change` until its files are cleaned, then sends it on with them; `ours`
 * are the events it sent, which it lets through.
 */
async function onChange(event: Event, ours: WeakSet<Event>) {
  const input = event.target;
  if (ours.has(event) || !(input instanceof HTMLInputElement) || input.type !== 'file') return;
  if (!input.files?.length) return;
  event.stopImmediatePropagation();
  const files = [...input.files];
  const results = await Promise.allSettled(files.map(cleaned));
  const transfer = new DataTransfer();
  const refusals: string[] = [];
  for (const result of results) {
    if (result.status === 'fulfilled') transfer.items.add(result.value);
    else
      refusals.push(
        result.reason instanceof Refused ? result.reason.message : String(result.reason),
      );
  }
  if (refusals.length) {
    window.alert(
      `Not uploaded:\n${refusals.join('\n')}\nExport or save the photo again, and upload that.`,
    );
  }
  input.files = transfer.files;
  if (!transfer.files.length) return;
  const again = new Event('change', { bubbles: true });
  ours.add(again);
  input.dispatchEvent(again);
}

/** Cleans every file a writer picks in the editor before Decap reads it. */
export function registerPhotoUploads() {
  const ours = new WeakSet<Event>();
  window.addEventListener('change', (event) => void onChange(event, ours), { capture: true });
}
