// Markup and script payloads in what students write (issue #10): chat messages, the profile's about
// text, a creator's video title and description, a report reason and a takedown request are stored as
// the exact text that was sent, for the UI to show as text (tests/e2e/security.spec.ts proves that it
// does). Where markup could act without a renderer's help it is refused: usernames, video links and
// social handles. Errors that echo an input come back as JSON, and the local mailbox escapes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../helpers.ts';
import { Arena } from './arena.ts';

const PAYLOADS = [
  '<script>window.__pwned = 1</script>',
  '<img src=x onerror="window.__pwned = 1">',
  '<a href="javascript:window.__pwned = 1">click me</a>',
  'javascript:window.__pwned = 1',
  '"><svg onload="window.__pwned = 1">',
  "'); window.__pwned = 1; ('",
  '<iframe srcdoc="<script>parent.__pwned = 1</script>"></iframe>',
  '{{constructor.constructor("window.__pwned = 1")()}}',
];

let arena: Arena;

beforeAll(async () => {
  arena = await Arena.open();
});
afterAll(() => arena?.close('markup'));

describe('markup in student text', () => {
  it('keeps the about text exactly as sent, through update_profile and through a direct update', async () => {
    for (const [index, payload] of PAYLOADS.entries()) {
      const direct = index % 2 === 1;
      const write = direct
        ? await arena.as(arena.alice, `/rest/v1/my_users?user_id=eq.${arena.alice.id}`, { method: 'PATCH', body: JSON.stringify({ user_about: payload }) })
        : await arena.rpc(arena.alice, 'update_profile', { p_username: null, p_icon: null, p_user_about: payload, p_client_id: crypto.randomUUID() });
      expect(write.status, payload).toBeLessThan(300);
      const seen = await arena.as(arena.bob, `/rest/v1/public_profiles?select=user_about&user_id=eq.${arena.alice.id}`);
      expect(seen.body, payload).toEqual([{ user_about: payload }]);
    }
  });

  it('keeps chat messages exactly as sent, through the RPC and through a direct insert', async () => {
    // Two students, so the chat's limit of 5 messages per 10 seconds is not what is tested here.
    const sent: string[] = [];
    for (const [index, payload] of PAYLOADS.entries()) {
      const who = index < 4 ? arena.alice : arena.bob;
      const write = index % 2 === 0
        ? await arena.rpc(who, 'send_chat_message', { p_body: payload, p_client_id: crypto.randomUUID() })
        : await arena.as(who, '/rest/v1/chat_messages', { method: 'POST', body: JSON.stringify({ user_id: who.id, body: payload }) });
      expect(write.status, payload).toBeLessThan(300);
      sent.push(payload);
    }
    const room = await arena.rpc(arena.alice, 'get_chat_messages', { p_limit: 50 });
    const bodies = (room.body as { body: string }[]).map((m) => m.body);
    for (const payload of sent) expect(bodies, payload).toContain(payload);
  });

  it("keeps a creator's video text, a report reason and a takedown request exactly as sent", async () => {
    const [title, description, reason, takedown] = PAYLOADS;
    const video = await arena.as(arena.bob, `/rest/v1/creator_videos?id=eq.${arena.bobVideo}`, {
      method: 'PATCH',
      headers: { prefer: 'return=representation' },
      body: JSON.stringify({ title, description }),
    });
    expect((video.body as { title: string; description: string }[])[0]).toMatchObject({ title, description });
    const report = await arena.as(arena.alice, '/rest/v1/chat_reports', {
      method: 'POST',
      headers: { prefer: 'return=representation' },
      body: JSON.stringify({ message_id: arena.bobMessage, reporter_id: arena.alice.id, reason }),
    });
    expect((report.body as { reason: string }[])[0]?.reason).toBe(reason);
    const filed = await arena.as(null, '/rest/v1/takedown_requests', {
      method: 'POST',
      body: JSON.stringify({ name: takedown, email: 'owner@example.test', url: 'https://example.test/x', reason: takedown }),
    });
    expect(filed.status).toBe(201);
    const stored = await arena.service('/rest/v1/takedown_requests?select=name,reason');
    expect(stored.body).toContainEqual({ name: takedown, reason: takedown });
  });

  it('refuses markup where it could act on its own: usernames, video links and social handles', async () => {
    const before = await arena.snapshot();
    for (const payload of [...PAYLOADS, '<b>', 'a"b']) {
      const rename = await arena.rpc(arena.alice, 'update_profile', { p_username: payload, p_icon: null, p_user_about: null, p_client_id: crypto.randomUUID() });
      expect(rename.status, payload).toBe(400);
      const direct = await arena.as(arena.alice, `/rest/v1/my_users?user_id=eq.${arena.alice.id}`, { method: 'PATCH', body: JSON.stringify({ username: payload }) });
      expect(direct.status, payload).toBe(400);
      const handle = await arena.as(arena.bob, `/rest/v1/creator_socials?id=eq.${arena.bobSocial}`, { method: 'PATCH', body: JSON.stringify({ handle: payload }) });
      expect(handle.status, payload).toBe(400);
    }
    for (const url of ['javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)', 'http://video.example/plain-http', '//evil.example/x', 'https://video.example/a b', 'https://']) {
      const link = await arena.as(arena.bob, `/rest/v1/creator_videos?id=eq.${arena.bobVideo}`, { method: 'PATCH', body: JSON.stringify({ url }) });
      expect(link.status, url).toBe(400);
      const added = await arena.as(arena.bob, '/rest/v1/creator_videos', { method: 'POST', body: JSON.stringify({ social_id: arena.bobSocial, title: 'x', url }) });
      expect(added.status, url).toBe(400);
    }
    expect(await arena.snapshot()).toEqual(before);
  });

  it('answers bad input, echoed or not, with a JSON 4xx, never a page a browser would render', async () => {
    const payload = PAYLOADS[0] as string;
    const answers = [
      await arena.rpc(arena.alice, 'record_app_played', { p_app_id: payload, p_client_id: crypto.randomUUID() }),
      await arena.as(arena.alice, `/rest/v1/${encodeURIComponent(payload)}`),
      await arena.as(arena.alice, `/rest/v1/rpc/${encodeURIComponent(payload)}`, { method: 'POST', body: '{}' }),
      await arena.as(arena.alice, `/storage/v1/object/submissions/${encodeURIComponent(`a/../${payload}`)}`, { method: 'POST', body: 'x' }),
      await arena.as(null, `/auth/v1/${encodeURIComponent(payload)}`),
      // A boolean filter on text used to reach PGlite's own serializer and come back as a 500.
      await arena.as(null, `/rest/v1/shop_items?listed=eq.${encodeURIComponent(payload)}`),
    ];
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
      expect(answer.contentType, JSON.stringify(answer.body)).toMatch(/^application\/json/);
    }
  });

  it('escapes markup in the local mailbox page', async () => {
    const email = '<script>window.__pwned=1</script>@evil.example';
    const signUp = await client(arena.backend).auth.signUp({ email, password: 'correct horse battery' });
    expect(signUp.error).toBeNull();
    await client(arena.backend).auth.resetPasswordForEmail(email);
    const page = await (await fetch(`${arena.backend.url}/mailbox`)).text();
    expect(page).toContain('&lt;script&gt;window.__pwned=1&lt;/script&gt;@evil.example');
    expect(page).not.toContain('<script>window.__pwned');
  });
});
