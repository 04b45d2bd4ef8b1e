// The browser's connection to the backend, as a fault test holds it: cut and restored at any moment
// (for the page AND its service worker, which setOffline alone does not reach), with the outbox's
// apply_mutations calls handed to the test so it can lose a request or its answer on purpose.
import { test as base, type APIResponse, type BrowserContext, type Route } from '@playwright/test';
import { backendUrl, isBackendRequest } from './backend.ts';

export type ApplyHandler = (route: Route) => Promise<void>;

const APPLY_PATH = '/rest/v1/rpc/apply_mutations';

export class BackendLink {
  private up = true;
  private cutNow: () => void = () => undefined;
  private cut: Promise<void> = Promise.resolve();
  private onApply: ApplyHandler | null = null;
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

  /** Hands every apply_mutations call to `handler`, or lets them through again with null. */
  interceptApply(handler: ApplyHandler | null): void {
    this.onApply = handler;
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
  send(route: Route): Promise<APIResponse> {
    return route.fetch({ url: this.targetUrl(route) });
  }

  /** Fails the request in the page as a lost connection does; a request already gone with its page is ignored. */
  async drop(route: Route): Promise<void> {
    await route.abort('internetdisconnected').catch(() => undefined);
  }

  /** Gives the page the backend's answer, unless the connection was cut while it travelled. */
  async answer(route: Route, response: APIResponse): Promise<void> {
    if (!this.up) return this.drop(route);
    await route.fulfill({ response }).catch(() => undefined);
  }

  private armCut(): void {
    this.cut = new Promise((resolve) => {
      this.cutNow = resolve;
    });
  }

  private targetUrl(route: Route): string {
    const url = new URL(route.request().url());
    return `${this.target}${url.pathname}${url.search}`;
  }

  private async handle(route: Route): Promise<void> {
    if (!this.up) return this.drop(route);
    if (this.onApply !== null && new URL(route.request().url()).pathname === APPLY_PATH) return this.onApply(route);
    if (this.target === backendUrl && new URL(route.request().url()).origin === backendUrl) {
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

/** Playwright's test with `link`: the suite's backend reached through a BackendLink the test holds. */
export const test = base.extend<{ link: BackendLink }>({
  link: async ({ context }, use) => {
    const link = new BackendLink(context);
    await link.attach();
    await use(link);
  },
});
