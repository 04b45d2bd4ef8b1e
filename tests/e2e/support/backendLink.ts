// The browser's connection to the backend, as a fault test holds it: cut and restored at any moment
// (for the page AND its service worker, which setOffline alone does not reach), with the outbox's
// apply_mutations calls (or a function's) handed to the test so it can lose a request or its answer on purpose, and
// if the test asks, coming from a device of its own rather than the 127.0.0.1 every page shares.
import { test as base, type BrowserContext, type Route } from '@playwright/test';
import { fetchFrom } from '../../backend/from-address.ts';
import { backendUrl, isBackendRequest, ownDevice } from './backend.ts';

export type ApplyHandler = (route: Route) => Promise<void>;

/** The backend's answer to one request, as the page is given it. */
export interface BackendAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const APPLY_PATH = '/rest/v1/rpc/apply_mutations';

export class BackendLink {
  private up = true;
  private cutNow: () => void = () => undefined;
  private cut: Promise<void> = Promise.resolve();
  /** The test's handlers, by the request's path. */
  private readonly held = new Map<string, ApplyHandler>();
  private device: string | null = null;
  private readonly context: BrowserContext;
  private readonly target: string;

  /**
   * `target` is where the backend really is: the suite's own by default, or a backend the test runs
   * itself, to which every request the app makes is then forwarded.
   */
  constructor(context: BrowserContext, target: string = backendUrl) {
    this.context = context;
    this.target = target;
    this.armCut();
  }

  async attach(): Promise<void> {
    await this.context.route(isBackendRequest, (route) => this.handle(route));
  }

  get isUp(): boolean {
    return this.up;
  }

  /** Resolves when the connection is next cut (at once while it is down). */
  whenCut(): Promise<void> {
    return this.up ? this.cut : Promise.resolve();
  }

  /**
   * From now on, what this link lets through reaches the backend from `device` (see ownDevice), as a
   * student's own device would, instead of from the browser's 127.0.0.1.
   */
  fromDevice(device: string): void {
    this.device = device;
  }

  /** Hands every apply_mutations call to `handler`, or lets them through again with null. */
  interceptApply(handler: ApplyHandler | null): void {
    this.intercept(APPLY_PATH, handler);
  }

  /** Hands every call of the edge function `name` to `handler`, or lets them through again with null. */
  interceptFunction(name: string, handler: ApplyHandler | null): void {
    this.intercept(`/functions/v1/${name}`, handler);
  }

  private intercept(path: string, handler: ApplyHandler | null): void {
    if (handler === null) this.held.delete(path);
    else this.held.set(path, handler);
  }

  /** The network is gone: new requests fail, held ones are released to fail, the page hears 'offline'. */
  async goOffline(): Promise<void> {
    this.backendDown();
    await this.context.setOffline(true);
  }

  async goOnline(): Promise<void> {
    this.backendUp();
    await this.context.setOffline(false);
  }

  /** Only the backend is out of reach (down, or blocked by the network): the page itself stays online. */
  backendDown(): void {
    this.up = false;
    this.cutNow();
  }

  backendUp(): void {
    this.armCut();
    this.up = true;
  }

  /** Sends the request on to the backend; resolves once the backend has answered (so it has acted on it). */
  async send(route: Route): Promise<BackendAnswer> {
    if (this.device !== null) return this.sendFrom(this.device, route);
    const response = await route.fetch({ url: this.targetUrl(route) });
    return { status: response.status(), headers: response.headers(), body: await response.body() };
  }

  /** Fails the request in the page as a lost connection does; a request already gone with its page is ignored. */
  async drop(route: Route): Promise<void> {
    await route.abort('internetdisconnected').catch(() => undefined);
  }

  /** Gives the page the backend's answer, unless the connection was cut while it travelled. */
  async answer(route: Route, response: BackendAnswer): Promise<void> {
    if (!this.up) return this.drop(route);
    await route.fulfill(response).catch(() => undefined);
  }

  private armCut(): void {
    this.cut = new Promise((resolve) => {
      this.cutNow = resolve;
    });
  }

  private async sendFrom(device: string, route: Route): Promise<BackendAnswer> {
    const request = route.request();
    const body = request.postDataBuffer();
    const response = await fetchFrom(device)(this.targetUrl(route), {
      method: request.method(),
      headers: await request.allHeaders(),
      body: body === null ? undefined : Uint8Array.from(body),
    });
    return { status: response.status, headers: Object.fromEntries(response.headers), body: Buffer.from(await response.arrayBuffer()) };
  }

  private targetUrl(route: Route): string {
    const url = new URL(route.request().url());
    return `${this.target}${url.pathname}${url.search}`;
  }

  private async handle(route: Route): Promise<void> {
    if (!this.up) return this.drop(route);
    const held = this.held.get(new URL(route.request().url()).pathname);
    if (held !== undefined) return held(route);
    if (this.device === null && this.target === backendUrl && new URL(route.request().url()).origin === backendUrl) {
      await route.continue().catch(() => undefined);
      return;
    }
    try {
      await this.answer(route, await this.send(route));
    } catch {
      // The backend is not there (stopped, or killed mid-request): the page sees a reset connection.
      await route.abort('connectionreset').catch(() => undefined);
    }
  }
}

/**
 * The context's link to the suite's backend, from a device of its own: the chat's per-device limit
 * then counts what this context sends, not what the other worker's pages send at the same moment.
 */
export async function onOwnDevice(context: BrowserContext): Promise<BackendLink> {
  const link = new BackendLink(context);
  link.fromDevice(ownDevice());
  await link.attach();
  return link;
}

/** Playwright's test with `link`: the suite's backend reached through a BackendLink the test holds. */
export const test = base.extend<{ link: BackendLink }>({
  link: async ({ context }, use) => {
    const link = new BackendLink(context);
    await link.attach();
    await use(link);
  },
});
