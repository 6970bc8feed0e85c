/**
 * A file made from source files, kept until one of them changes: in `astro dev`, the editor's
 * scripts and configuration take a second or more to make, and are asked for on every load.
 */
export type Made<T> = { value: T; inputs: string[] };

export class Kept<T> {
  #made: Promise<Made<T>> | undefined;
  /** Its sources, once made. */
  #inputs: Set<string> | undefined;
  /** Files that changed while it was being made: it may have read them as they were. */
  #changedMeanwhile: string[] = [];
  readonly #make: () => Promise<Made<T>>;

  constructor(make: () => Promise<Made<T>>) {
    this.#make = make;
  }

  /** Starts making it now, before anyone asks. */
  prepare(): void {
    this.get().catch(() => {}); // the next ask makes it again and meets the error itself
  }

  /** What was made, or is being made; made anew if none is kept. */
  async get(): Promise<T> {
    if (!this.#made) {
      const making = this.#make();
      [this.#made, this.#inputs, this.#changedMeanwhile] = [making, undefined, []];
      making.then(
        ({ inputs }) => {
          if (this.#made !== making) return;
          this.#inputs = new Set(inputs);
          if (this.#changedMeanwhile.some((path) => this.#inputs!.has(path)))
            this.#made = undefined;
        },
        () => {
          if (this.#made === making) this.#made = undefined; // not kept: asked again, tried again
        },
      );
    }
    return (await this.#made).value;
  }

  /** `path` changed on disk: if it was made from it, it is made again when next asked for. */
  changed(path: string): void {
    if (!this.#made) return;
    if (!this.#inputs) this.#changedMeanwhile.push(path);
    else if (this.#inputs.has(path)) this.#made = undefined;
  }
}
