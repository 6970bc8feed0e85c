/**
 * A small client for W3C WebDriver classic (https://www.w3.org/TR/webdriver2/) over fetch: the
 * commands the engine tests and screenshots need from WebKitWebDriver, and nothing else. Each
 * method is one HTTP request, named after the command in the specification.
 */

/** The key under which WebDriver passes an element reference in JSON (spec: web element identifier). */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

/** A script's result as the client returns it: each element a `WebElement`. */
type Revived<T> = T extends Element ? WebElement : T extends (infer Item)[] ? Revived<Item>[] : T;

/** A command the driver answered with an error, e.g. `no such element` or `javascript error`. */
export class WebDriverError extends Error {
  /** The specification's error code. */
  readonly code: string;

  constructor(command: string, code: string, message: string) {
    super(`${command}: ${code}: ${message}`);
    this.code = code;
  }
}

/** Sends one command and returns its `value`, or throws the driver's error. */
async function send(url: string, method: 'GET' | 'POST' | 'DELETE', body?: unknown) {
  const response = await fetch(url, {
    method,
    ...(body !== undefined && {
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(body),
    }),
  });
  const { value } = (await response.json()) as { value: unknown };
  if (!response.ok) {
    const { error, message } = value as { error: string; message: string };
    throw new WebDriverError(`${method} ${new URL(url).pathname}`, error, message);
  }
  return value;
}

/** A reference to an element of the current page. */
export class WebElement {
  private readonly session: WebDriverSession;
  private readonly id: string;

  constructor(session: WebDriverSession, id: string) {
    this.session = session;
    this.id = id;
  }

  /** Element Click: scrolls the element into view and clicks its centre with the pointer. */
  click(): Promise<unknown> {
    return this.session.command('POST', `/element/${this.id}/click`, {});
  }

  /** Element Clear: empties an editable element. */
  clear(): Promise<unknown> {
    return this.session.command('POST', `/element/${this.id}/clear`, {});
  }

  /**
   * Scrolls the element to the middle of the viewport, through Execute Script. Element Click and
   * Element Clear scroll by themselves, but WebKitGTK can stop short of the viewport and then
   * refuse the element as "not interactable".
   */
  scrollIntoView(): Promise<unknown> {
    return this.session.command('POST', '/execute/sync', {
      script: 'arguments[0].scrollIntoView({ block: "center", inline: "center" })',
      args: [{ [ELEMENT_KEY]: this.id }],
    });
  }

  /** Element Send Keys: focuses the element and types `text` into it, key by key. */
  sendKeys(text: string): Promise<unknown> {
    return this.session.command('POST', `/element/${this.id}/value`, { text });
  }
}

/** One WebDriver session: one browser, started by the driver and closed with `delete()`. */
export class WebDriverSession {
  /** The session's address: the driver's URL, then /session/{id}. */
  private readonly url: string;

  private constructor(url: string) {
    this.url = url;
  }

  /** New Session, on the driver at `driverUrl` ("http://127.0.0.1:4801"). */
  static async start(driverUrl: string, capabilities: object): Promise<WebDriverSession> {
    const { sessionId } = (await send(`${driverUrl}/session`, 'POST', {
      capabilities: { alwaysMatch: capabilities },
    })) as { sessionId: string };
    return new WebDriverSession(`${driverUrl}/session/${sessionId}`);
  }

  /** Sends a command of this session, e.g. `('POST', '/url', { url })`. */
  command(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
    return send(this.url + path, method, body);
  }

  /** Delete Session: closes the browser. */
  delete(): Promise<unknown> {
    return this.command('DELETE', '');
  }

  /** Navigate To: loads `url` and waits for its load event. */
  navigateTo(url: string): Promise<unknown> {
    return this.command('POST', '/url', { url });
  }

  /** Set Window Rect: resizes the browser window. */
  setWindowRect(rect: { width: number; height: number }) {
    return this.command('POST', '/window/rect', rect);
  }

  /**
   * Execute Script: runs `fn` in the page with the JSON values `args`, and returns what it
   * returns once any promise settles; the elements it returns come back as `WebElement`s.
   */
  async execute<Args extends unknown[], Result>(
    fn: (...args: Args) => Result,
    ...args: Args
  ): Promise<Revived<Awaited<Result>>> {
    const script = `return (${String(fn)}).apply(null, arguments);`;
    const value = await this.command('POST', '/execute/sync', { script, args });
    return this.revive(value) as Revived<Awaited<Result>>;
  }

  /** Take Screenshot: the viewport, as PNG bytes. */
  async takeScreenshot(): Promise<Buffer> {
    return Buffer.from((await this.command('GET', '/screenshot')) as string, 'base64');
  }

  /** Turns the element references in a script's result into `WebElement`s. */
  private revive(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => this.revive(item));
    if (value && typeof value === 'object' && ELEMENT_KEY in value) {
      return new WebElement(this, String(value[ELEMENT_KEY]));
    }
    return value;
  }
}
