// The game's side of achievements and stats (issue 29, games/shared/sdk.js): what a framed game posts
// for sdk.achievements.unlock and sdk.stats.report, with the run the portal issued, and what it never posts.
import { beforeAll, describe, expect, it } from 'vitest';

const PORTAL = 'https://portal.example';
const RUN = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
const NEXT_RUN = '2c5f39cb-3fb2-42e3-994f-1127e4ddb538';

const posted: Record<string, unknown>[] = [];
const listeners: ((event: { source: unknown; origin: string; data: unknown }) => void)[] = [];
const parent = { postMessage: (message: Record<string, unknown>) => posted.push(message) };

function fromPortal(data: Record<string, unknown>): void {
  for (const listener of listeners) listener({ source: parent, origin: PORTAL, data: { version: 2, ...data } });
}

type Sdk = {
  init(): Promise<unknown>;
  achievements: { unlock(id: unknown): Promise<boolean> };
  stats: { report(name: unknown, value: unknown): Promise<boolean> };
};
let sdk: Sdk;

beforeAll(async () => {
  // A frame: its parent is the portal. The SDK says hello as it loads and waits for portal:init.
  Object.assign(globalThis, {
    window: { parent, addEventListener: (type: string, listener: (typeof listeners)[number]) => type === 'message' && listeners.push(listener) },
    document: { documentElement: { dataset: {} }, title: 'Snake' },
  });
  // The SDK is plain JavaScript with no types: imported by address, typed by what this test uses of it.
  const address = new URL('../../../games/shared/sdk.js', import.meta.url).href;
  ({ sdk } = (await import(/* @vite-ignore */ address)) as { sdk: Sdk });
  fromPortal({ type: 'portal:init', gameId: 'snake', runId: RUN, muted: true, save: null, room: null });
  await sdk.init();
});

const sent = (type: string) => posted.filter((m) => m.type === type);

describe('sdk.achievements.unlock', () => {
  it('posts the id with the current run, once per page load', async () => {
    expect(await sdk.achievements.unlock('first-apple')).toBe(true);
    expect(await sdk.achievements.unlock('first-apple')).toBe(false);
    expect(sent('sdk:achievement')).toEqual([{ type: 'sdk:achievement', runId: RUN, id: 'first-apple', version: 2 }]);
  });

  it('posts nothing for an id out of form', async () => {
    for (const id of ['', 'First-Apple', '-apple', 'a'.repeat(49), 42, null, { id: 'x' }]) {
      expect(await sdk.achievements.unlock(id)).toBe(false);
    }
    expect(sent('sdk:achievement')).toHaveLength(1);
  });
});

describe('sdk.stats.report', () => {
  it('posts a whole value above the last one sent for the run, and starts again with the next run', async () => {
    expect(await sdk.stats.report('length', 4.7)).toBe(true);
    expect(await sdk.stats.report('length', 4)).toBe(false);
    expect(await sdk.stats.report('length', 3)).toBe(false);
    expect(await sdk.stats.report('length', 5)).toBe(true);
    expect(await sdk.stats.report('apples', 0)).toBe(true);
    fromPortal({ type: 'portal:run', runId: NEXT_RUN });
    expect(await sdk.stats.report('length', 3)).toBe(true);
    expect(sent('sdk:stat')).toEqual([
      { type: 'sdk:stat', runId: RUN, name: 'length', value: 4, version: 2 },
      { type: 'sdk:stat', runId: RUN, name: 'length', value: 5, version: 2 },
      { type: 'sdk:stat', runId: RUN, name: 'apples', value: 0, version: 2 },
      { type: 'sdk:stat', runId: NEXT_RUN, name: 'length', value: 3, version: 2 },
    ]);
  });

  it('posts nothing for a name out of form or a value that is not a number', async () => {
    const before = sent('sdk:stat').length;
    for (const [name, value] of [['Length', 50], ['1st', 50], ['', 50], ['length', Number.NaN], ['length', Infinity], ['length', '60'], [null, 60]] as const) {
      expect(await sdk.stats.report(name, value)).toBe(false);
    }
    expect(sent('sdk:stat')).toHaveLength(before);
  });
});
