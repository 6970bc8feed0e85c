/**
 * Records the calls from one module into another while code runs, for the test that writes down
 * the dev save's path (tests/unit/dev-save.test.ts). A module's exports are wrapped with
 * `instrumented` in a `vi.mock`; what runs inside a call is attributed to the callee's module,
 * across awaits too (AsyncLocalStorage), so the loaders Astro runs side by side keep apart.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** One call from a module into another: who called, the module called, and what. */
export type Call = { from: string; to: string; name: string; back: boolean };

type Frame = { module: string; parent: Frame | undefined };

const frames = new AsyncLocalStorage<Frame>();
const recorded: Call[] = [];
const labelled = new WeakSet<object>();

/** Every call recorded since the last `clearCalls()`, in order. */
export const calls = (): readonly Call[] => recorded;

export const clearCalls = () => {
  recorded.length = 0;
};

/** Runs `work` as if `module` had called it. */
export const runAs = <T>(module: string, work: () => T): T =>
  frames.run({ module, parent: frames.getStore() }, work);

/** `listener`, run by an event as `module`'s code, with no caller. */
export const onEvent =
  <A extends unknown[]>(module: string, listener: (...args: A) => void) =>
  (...args: A) =>
    frames.run({ module, parent: undefined }, () => listener(...args));

const onStack = (module: string, frame: Frame | undefined): boolean =>
  !!frame && (frame.module === module || onStack(module, frame.parent));

const isPlain = (value: unknown): value is Record<string, unknown> =>
  !!value &&
  typeof value === 'object' &&
  [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null);

/** Labels the functions of a plain object, two levels deep, in place, as `module`'s. */
function labelObject(value: Record<string, unknown>, module: string, depth = 2) {
  if (labelled.has(value) || depth === 0) return;
  labelled.add(value);
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (typeof item === 'function') value[key] = label(module, key, item as Fn);
    else if (isPlain(item)) labelObject(item, module, depth - 1);
  }
}

type Fn = (...args: unknown[]) => unknown;

/**
 * `fn`, recording each call into it as a call into `module`. What it returns is `module`'s: a
 * function it returns, or the functions of a plain object, a promise's value, or a generator's
 * steps. A function handed to it is the caller's, as a callback it will call back.
 */
export function label<F extends Fn>(module: string, name: string, fn: F): F {
  if (labelled.has(fn)) return fn;
  const wrapped = function (this: unknown, ...args: unknown[]) {
    const caller = frames.getStore();
    const from = caller?.module ?? 'outside';
    for (const [at, arg] of args.entries()) {
      if (typeof arg === 'function') args[at] = label(from, 'callback', arg as Fn);
      else if (isPlain(arg)) labelObject(arg, from);
    }
    if (from !== module) recorded.push({ from, to: module, name, back: onStack(module, caller) });
    return frames.run({ module, parent: caller }, () =>
      labelResult(module, name, fn.apply(this, args)),
    );
  } as F;
  labelled.add(wrapped);
  return wrapped;
}

function labelResult(module: string, name: string, result: unknown): unknown {
  if (typeof result === 'function') return label(module, name, result as Fn);
  if (isPlain(result)) labelObject(result, module);
  else if (result instanceof Promise)
    return result.then((value) => labelResult(module, name, value));
  else if (result && typeof (result as AsyncGenerator)[Symbol.asyncIterator] === 'function') {
    const generator = result as AsyncGenerator;
    const next = generator.next.bind(generator);
    generator.next = label(module, `${name}.next`, next as Fn) as typeof generator.next;
  }
  return result;
}

/** A module's exports, each function and each class's methods and getters recorded as `module`'s. */
export function instrumented<M extends Record<string, unknown>>(module: string, actual: M): M {
  const copy: Record<string, unknown> = { ...actual };
  for (const [key, value] of Object.entries(actual)) {
    if (isPlain(value)) labelObject(value, module);
    if (typeof value !== 'function') continue;
    if (/^class\b/.test(Function.prototype.toString.call(value))) {
      // Its methods and getters, and its static ones; its constructor is left as it is.
      for (const owner of [(value as { prototype: object }).prototype, value]) {
        for (const method of Object.getOwnPropertyNames(owner)) {
          const descriptor = Object.getOwnPropertyDescriptor(owner, method)!;
          if (['constructor', 'prototype', 'length', 'name'].includes(method)) continue;
          if (typeof descriptor.value === 'function') {
            descriptor.value = label(module, `${key}.${method}`, descriptor.value as Fn);
          }
          if (descriptor.get) descriptor.get = label(module, `${key}.${method}`, descriptor.get);
          Object.defineProperty(owner, method, descriptor);
        }
      }
    } else {
      copy[key] = label(module, key, value as Fn);
    }
  }
  return copy as M;
}
