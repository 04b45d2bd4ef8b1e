// The chat, the creator tools and their public pages, and takedown requests, through src/data
// against the embedded backend.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCreatorSocial } from '../../../src/data/actions/addCreatorSocial.ts';
import { createCreatorVideo } from '../../../src/data/actions/createCreatorVideo.ts';
import { deleteCreatorVideo } from '../../../src/data/actions/deleteCreatorVideo.ts';
import { reportChatMessage } from '../../../src/data/actions/reportChatMessage.ts';
import { sendTakedown } from '../../../src/data/actions/sendTakedown.ts';
import { updateCreatorVideo } from '../../../src/data/actions/updateCreatorVideo.ts';
import { readChat } from '../../../src/data/chatMirror.ts';
import { withAccounts, type VideoRow } from '../../../src/data/creatorCards.ts';
import { checkClock } from '../../../src/data/queries/checkClock.ts';
import { fetchCreatorAccess } from '../../../src/data/queries/fetchCreatorAccess.ts';
import { fetchCreatorPage } from '../../../src/data/queries/fetchCreatorPage.ts';
import { fetchCreators } from '../../../src/data/queries/fetchCreators.ts';
import { fetchOwnProfile } from '../../../src/data/queries/refreshOwnProfile.ts';
import { fetchOwnSocial } from '../../../src/data/queries/fetchOwnSocial.ts';
import { fetchOwnSocials } from '../../../src/data/queries/fetchOwnSocials.ts';
import { fetchSocialVideo } from '../../../src/data/queries/fetchSocialVideo.ts';
import { fetchSocialVideos } from '../../../src/data/queries/fetchSocialVideos.ts';
import { fetchVideos } from '../../../src/data/queries/fetchVideos.ts';
import { pollChat } from '../../../src/data/queries/pollChat.ts';
import { describeWriteError } from '../../../src/domain/creatorWriteError.ts';
import { applied, device, grantCreator, portalClient, startProductBackend, student, type ContractTarget, type Student } from './harness.ts';

let backend: ContractTarget;

beforeAll(async () => {
  backend = await startProductBackend();
});
afterAll(() => backend.close());

async function say(who: Student, body: string): Promise<number> {
  return Number(((await applied(who, 'send_chat_message', { p_body: body })) as { id: number }).id);
}

describe('the chat', () => {
  it("keeps each poll's messages on the device: the newest page first, then what came after", async () => {
    const ann = await student(backend);
    const bea = await student(backend);
    await say(bea, 'first');
    await say(ann, 'second');
    expect(await readChat(ann.data, ann.id)).toEqual([]);
    const newestRead = await pollChat(ann.data, ann.id, null);
    expect((await readChat(ann.data, ann.id)).map((m) => m.body).slice(-2)).toEqual(['first', 'second']);

    await say(bea, 'third');
    await pollChat(ann.data, ann.id, newestRead);
    const kept = await readChat(ann.data, ann.id);
    expect(kept.map((m) => m.body).slice(-3)).toEqual(['first', 'second', 'third']);
    expect(new Set(kept.map((m) => m.id)).size).toBe(kept.length);
    // Another student's copy on another device is their own.
    expect(await readChat(bea.data, bea.id)).toEqual([]);
  });

  it("reports a message once, says so on a second report, and refuses a report in someone else's name", async () => {
    const ann = await student(backend);
    const bea = await student(backend);
    const message = await say(bea, 'something rude');
    expect(await reportChatMessage(ann.data, message, ann.id)).toEqual({ data: 'reported', error: null });
    expect(await reportChatMessage(ann.data, message, ann.id)).toEqual({ data: 'already-reported', error: null });
    // Reporting in someone else's name is refused by the server.
    const forged = await reportChatMessage(ann.data, message, bea.id);
    expect(forged.data).toBeNull();
    expect(forged.error).not.toBeNull();
  });
});

describe('the creator tools', () => {
  it('are for approved creators only', async () => {
    const ann = await student(backend);
    expect(await fetchCreatorAccess(ann.data)).toEqual({ data: false, error: null });
    await grantCreator(backend, ann.id);
    expect(await fetchCreatorAccess(ann.data)).toEqual({ data: true, error: null });
  });

  it('add an account, then create, list, edit and delete its videos; a stranger sees none of it to change', async () => {
    const ann = await student(backend);
    await grantCreator(backend, ann.id);
    expect((await addCreatorSocial(ann.data, ann.id, 'youtube', '@ann_plays')).error).toBeNull();
    const duplicate = await addCreatorSocial(ann.data, ann.id, 'youtube', 'ann_plays');
    expect(describeWriteError(duplicate.error!)).toBe('You already added that account.');

    const socials = (await fetchOwnSocials(ann.data, ann.id)).data!;
    expect(socials.map((s) => [s.platform, s.handle])).toEqual([['youtube', 'ann_plays']]);
    const socialId = socials[0]!.id;
    expect((await fetchOwnSocial(ann.data, ann.id, socialId)).data?.handle).toBe('ann_plays');

    const fields = { title: 'Snake speedrun', url: 'https://video.example/ann/1', app_id: 'snake', description: 'Under a minute.' };
    expect((await createCreatorVideo(ann.data, socialId, fields)).error).toBeNull();
    const videos = (await fetchSocialVideos(ann.data, socialId)).data!;
    expect(videos.map((v) => v.title)).toEqual(['Snake speedrun']);
    const videoId = videos[0]!.id;
    expect((await updateCreatorVideo(ann.data, videoId, { ...fields, title: 'Snake speedrun, again' })).error).toBeNull();
    expect((await fetchSocialVideo(ann.data, socialId, videoId)).data?.title).toBe('Snake speedrun, again');

    const bea = await student(backend);
    expect((await fetchOwnSocial(bea.data, bea.id, socialId)).data).toBeNull();
    // Row level security hides the row from the stranger: the update finds nothing to change.
    await updateCreatorVideo(bea.data, videoId, { ...fields, title: 'Mine now' });
    expect((await fetchSocialVideo(ann.data, socialId, videoId)).data?.title).toBe('Snake speedrun, again');

    expect((await deleteCreatorVideo(ann.data, videoId)).error).toBeNull();
    expect((await fetchSocialVideos(ann.data, socialId)).data).toEqual([]);
    expect((await fetchSocialVideo(ann.data, socialId, videoId)).data).toBeNull();
  });

  it("show everyone the creators, their videos with whose they are, and one creator's page", async () => {
    const ann = await student(backend);
    await grantCreator(backend, ann.id);
    const username = (await fetchOwnProfile(ann.data, ann.id)).username;
    await addCreatorSocial(ann.data, ann.id, 'twitch', 'ann_live');
    const socialId = (await fetchOwnSocials(ann.data, ann.id)).data![0]!.id;
    await createCreatorVideo(ann.data, socialId, { title: 'Memory tips', url: 'https://video.example/ann/2', app_id: null, description: '' });

    const visitor = device(portalClient(backend));
    const cards = (await fetchVideos(visitor.data)).data!;
    expect(cards.find((v) => v.title === 'Memory tips')).toMatchObject({ platform: 'twitch', handle: 'ann_live', username });
    const creators = (await fetchCreators(visitor.data)).data!;
    expect(creators.find((c) => c.userId === ann.id)).toMatchObject({ username, socials: [expect.objectContaining({ handle: 'ann_live' })] });

    const page = (await fetchCreatorPage(visitor.data, username)).data;
    expect(page?.creator.userId).toBe(ann.id);
    expect(page?.videos.map((v) => v.title)).toEqual(['Memory tips']);
    // A video whose account is gone is left out rather than shown without an author.
    const orphan: VideoRow = { ...cards.find((v) => v.title === 'Memory tips')!, id: -1, social_id: -1 };
    expect((await withAccounts(visitor.supabase, [orphan])).data).toEqual([]);

    const bea = await student(backend);
    const notCreator = (await fetchOwnProfile(bea.data, bea.id)).username;
    expect(await fetchCreatorPage(visitor.data, notCreator)).toEqual({ data: null, error: null });
    expect(await fetchCreatorPage(visitor.data, 'nobody_by_this_name')).toEqual({ data: null, error: null });
  });
});

describe('takedown requests', () => {
  it('are accepted from anyone, and nobody can read them back', async () => {
    const visitor = device(portalClient(backend));
    const input = { name: 'Game Studio', email: 'legal@studio.example', url: 'https://studio.example/game', reason: 'This is our game, shared without permission.' };
    expect(await sendTakedown(visitor.data, input)).toEqual({ data: null, error: null });
    const read = await visitor.supabase.from('takedown_requests').select('*');
    expect(read.data ?? []).toEqual([]);
  });

  it('come back refused in words the form shows when the same page is asked again while it waits', async () => {
    const visitor = device(portalClient(backend));
    const input = { name: 'Pat Parent', email: 'pat@family.example', url: 'https://family.example/photo', reason: 'A photo of my child.' };
    expect(await sendTakedown(visitor.data, input)).toEqual({ data: null, error: null });
    const again = await sendTakedown(visitor.data, { ...input, email: 'PAT@family.example' });
    expect(again.error).toMatchObject({ code: 'P0001', message: 'That request is already waiting: we will answer it at that address.' });
  });
});

// The Edge Functions the app calls, one folder each in supabase/functions, answer on the target: a hosted
// project where one was never deployed answers 404, and the time check then cannot tell the clock is right.
describe('the functions the app calls', () => {
  const functionsDir = join(import.meta.dirname, '..', '..', '..', 'supabase', 'functions');
  const functions = readdirSync(functionsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
    .map((entry) => entry.name);
  /** A fetch that sends the anon key, as the portal does to its own backend's functions. */
  const withAnonKey: typeof fetch = (input, init) =>
    fetch(input, { ...init, headers: { ...init?.headers, apikey: backend.anonKey, authorization: `Bearer ${backend.anonKey}` } });

  it('are the folders of supabase/functions', () => {
    expect(functions).toEqual(['match-move', 'server-time']);
  });

  // A function that was never deployed answers 404 from the platform; each of ours answers with its own words.
  it.each(functions)('%s is deployed and answers', async (name) => {
    const res = await withAnonKey(`${backend.url}/functions/v1/${name}`, name === 'match-move' ? { method: 'POST', body: JSON.stringify({ matchId: 1, ply: 0, move: '4', mutationId: crypto.randomUUID() }) } : undefined);
    expect(res.status, `${name}: deploy it with npx supabase functions deploy ${name}`).not.toBe(404);
    if (name === 'server-time') expect(res.status).toBe(200);
    // The anon key is no student: the move function refuses it in its own shape, which only it gives.
    if (name === 'match-move') expect(await res.json()).toMatchObject({ ok: false, code: 'not_signed_in' });
  });

  it("server-time finds this machine's clock right: checked, not guessed", async () => {
    expect(await checkClock({ url: `${backend.url}/functions/v1/server-time`, fetch: withAnonKey })).toEqual({ status: 'checked', offsetMs: 0 });
  });
});
