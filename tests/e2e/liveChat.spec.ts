// Issue 28 in the browser: the chat page of one student gets another's message from the live channel
// (Realtime's private topic chat:room, served by the embedded backend), asking the server nothing for
// it nor while the room is quiet; with Realtime out of reach it polls every few seconds, as before, and
// the message still arrives. What is asserted is the traffic the page makes, not only text.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signInNewStudent } from './support/backend.ts';

const READ = '/rest/v1/rpc/get_chat_messages';

/** What a page asks of the chat's server, and what its live channel hears, with the times (ms since epoch). */
class Traffic {
  readonly reads: number[] = [];
  /** The chat's broadcasts this page received, as they came (Realtime's binary frames). */
  readonly announcements: Buffer[] = [];
  joinedAt: number | null = null;

  constructor(page: Page) {
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === READ) this.reads.push(Date.now());
    });
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/realtime/v1/websocket')) return;
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload !== 'string') {
          // Realtime's binary broadcast frame (kind 4) on the chat's topic.
          if (payload[0] === 4 && payload.includes('realtime:chat:room')) this.announcements.push(payload);
          return;
        }
        const frame = JSON.parse(payload) as unknown[];
        const reply = frame[4] as { status?: string } | undefined;
        if (frame[2] === 'realtime:chat:room' && frame[3] === 'phx_reply' && reply?.status === 'ok') this.joinedAt ??= Date.now();
      });
    });
  }

  readsBetween(from: number, to: number): number {
    return this.reads.filter((at) => at > from && at < to).length;
  }
}

async function openChat(page: Page): Promise<void> {
  await page.goto('/chad');
  await expect(page.getByTestId('chat-input')).toBeVisible();
  await expect(page.getByTestId('chat-log')).not.toContainText('Loading messages');
}

async function say(page: Page, text: string): Promise<void> {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-input').press('Enter');
}

/** Two students, each in a browser context of their own (two devices), on the chat page; B's traffic watched. */
async function twoStudents(contexts: BrowserContext[], prepareB?: (context: BrowserContext) => Promise<void>) {
  const [ctxA, ctxB] = contexts as [BrowserContext, BrowserContext];
  await prepareB?.(ctxB);
  const pageA = await ctxA.newPage();
  const pageB = await ctxB.newPage();
  await signInNewStudent(pageA);
  await signInNewStudent(pageB);
  const trafficB = new Traffic(pageB);
  await openChat(pageA);
  await openChat(pageB);
  return { pageA, pageB, trafficB };
}

test.describe('live chat', () => {
  // Seconds of deliberate quiet are what show that nothing is polled; the budget grows to hold them.
  test.setTimeout(60_000);

  test("a message reaches the other student in the live channel's broadcast, with no request for it or while the room is quiet", async ({ browser }) => {
    const contexts = [await browser.newContext(), await browser.newContext()];
    try {
      const { pageA, pageB, trafficB } = await twoStudents(contexts);
      await expect.poll(() => trafficB.joinedAt, { timeout: 15_000 }).not.toBeNull();
      // Joining reads the room once, for what was said before; then 7 s of quiet, in which a 3 s poll would read twice.
      await pageB.waitForTimeout(1000);
      const quietFrom = Date.now();
      await pageB.waitForTimeout(7000);
      expect(trafficB.readsBetween(quietFrom, Date.now())).toBe(0);

      const hello = `live hello ${Date.now()}`;
      await say(pageA, hello);
      await expect(pageB.getByTestId('chat-message').filter({ hasText: hello })).toHaveCount(1);
      // The message came in the broadcast (other tests' messages may come too: one room): B asked the server nothing for it.
      expect(trafficB.announcements.filter((frame) => frame.includes(hello))).toHaveLength(1);
      expect(trafficB.readsBetween(quietFrom, Date.now())).toBe(0);
    } finally {
      await Promise.all(contexts.map((context) => context.close()));
    }
  });

  test('a student who reports and blocks another sees none of their messages, from before or after, live or after a reload', async ({ browser }) => {
    const contexts = [await browser.newContext(), await browser.newContext()];
    try {
      const { pageA, pageB, trafficB } = await twoStudents(contexts);
      await expect.poll(() => trafficB.joinedAt, { timeout: 15_000 }).not.toBeNull();
      const before = `before the block ${Date.now()}`;
      await say(pageA, before);
      const rude = pageB.getByTestId('chat-message').filter({ hasText: before });
      await expect(rude).toHaveCount(1);

      await rude.getByRole('button', { name: /^Report message from / }).click();
      const dialog = pageB.getByRole('dialog', { name: 'Report this message?' });
      await dialog.getByTestId('chat-report-block').check();
      await dialog.getByRole('button', { name: 'Report to the moderators' }).click();
      await expect(pageB.getByText(/^You blocked .+\. Unblock them on your friends page\.$/)).toBeVisible();
      await expect(rude).toHaveCount(0);

      const after = `after the block ${Date.now()}`;
      await say(pageA, after);
      await expect(pageA.getByTestId('chat-message').filter({ hasText: after })).toHaveCount(1);
      // The broadcast reaches B's device (one room, one topic), and the page drops it.
      await expect.poll(() => trafficB.announcements.filter((frame) => frame.includes(after)).length).toBe(1);
      await expect(pageB.getByTestId('chat-message').filter({ hasText: after })).toHaveCount(0);
      await pageB.reload();
      await expect(pageB.getByTestId('chat-log')).not.toContainText('Loading messages');
      await expect(pageB.getByTestId('chat-log')).not.toContainText(before);
      await expect(pageB.getByTestId('chat-log')).not.toContainText(after);
      await pageB.goto('/friends');
      await expect(pageB.locator('[data-testid="classmate"][data-relation="blocked"]')).toHaveCount(1);
    } finally {
      await Promise.all(contexts.map((context) => context.close()));
    }
  });

  test('with Realtime out of reach, the chat page polls every few seconds and the message still arrives', async ({ browser }) => {
    const contexts = [await browser.newContext(), await browser.newContext()];
    try {
      const { pageA, pageB, trafficB } = await twoStudents(contexts, (ctxB) =>
        // Every websocket of B's device is closed before it reaches the server.
        ctxB.routeWebSocket(/\/realtime\/v1\/websocket/, (socket) => socket.close()),
      );
      const quietFrom = Date.now();
      await pageB.waitForTimeout(7000);
      expect(trafficB.readsBetween(quietFrom, Date.now())).toBeGreaterThanOrEqual(2);
      expect(trafficB.joinedAt).toBeNull();

      const hello = `polled hello ${Date.now()}`;
      await say(pageA, hello);
      await expect(pageB.getByTestId('chat-message').filter({ hasText: hello })).toHaveCount(1);
      expect(trafficB.announcements.filter((frame) => frame.includes(hello))).toEqual([]);
    } finally {
      await Promise.all(contexts.map((context) => context.close()));
    }
  });
});
