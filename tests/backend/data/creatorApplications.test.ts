// Creator applications through src/data against the embedded backend (issue 20): a student applies,
// withdraws and reads the answer; a moderator sees the queue on the desk, grants or declines, and
// undoes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderate } from '../../../src/data/actions/moderate.ts';
import { submitCreatorApplication } from '../../../src/data/actions/submitCreatorApplication.ts';
import { withdrawCreatorApplication } from '../../../src/data/actions/withdrawCreatorApplication.ts';
import { fetchCreatorAccess } from '../../../src/data/queries/fetchCreatorAccess.ts';
import { fetchModerationDesk } from '../../../src/data/queries/fetchModerationDesk.ts';
import { fetchOwnCreatorApplication } from '../../../src/data/queries/fetchOwnCreatorApplication.ts';
import { appointModerator, startProductBackend, student, type ContractTarget, type Student } from './harness.ts';

let backend: ContractTarget;
let moderator: Student;

beforeAll(async () => {
  backend = await startProductBackend();
  moderator = await student(backend);
  await appointModerator(backend, moderator.id);
});
afterAll(() => backend.close());

const PITCH = 'Chess openings explained in one minute each.';

async function queued(who: Student) {
  const desk = await fetchModerationDesk(moderator.data);
  if (desk.error) throw new Error(desk.error.message);
  return desk.data.applications.find((application) => application.user_id === who.id);
}

describe('creator applications', () => {
  it('are sent with a channel, shown to the desk, withdrawn, and sent again with no channel', async () => {
    const ann = await student(backend);
    expect(await fetchOwnCreatorApplication(ann.data)).toEqual({ data: { latest: null }, error: null });
    const sent = await submitCreatorApplication(ann.data, { pitch: `  ${PITCH} `, platform: 'youtube', handle: '@ann_plays' });
    expect(sent.error).toBeNull();
    const own = await fetchOwnCreatorApplication(ann.data);
    expect(own.data?.latest).toMatchObject({ id: sent.data, pitch: PITCH, channel: { platform: 'youtube', handle: 'ann_plays' }, status: 'pending', closedAt: null, reason: null });
    expect(own.data?.latest?.refusal).toMatch(/already waiting/);
    expect(await queued(ann)).toMatchObject({ application_id: sent.data, pitch: PITCH, platform: 'youtube', handle: 'ann_plays', joined_at: expect.any(String) });

    expect(await withdrawCreatorApplication(ann.data)).toEqual({ data: sent.data, error: null });
    expect((await withdrawCreatorApplication(ann.data)).error?.message).toBe('You have no application waiting: a moderator may have just decided on it.');
    expect(await queued(ann)).toBeUndefined();
    // The channel select left on "No channel yet" sends none, whatever the handle box still holds.
    const again = await submitCreatorApplication(ann.data, { pitch: PITCH, platform: '', handle: 'ann_plays' });
    expect(again.error).toBeNull();
    expect((await fetchOwnCreatorApplication(ann.data)).data?.latest).toMatchObject({ channel: null, status: 'pending' });
  });

  it('are refused with the server words, and leave nothing behind', async () => {
    const bea = await student(backend);
    expect((await submitCreatorApplication(bea.data, { pitch: 'a\u202eb', platform: '', handle: '' })).error).toMatchObject({
      message: 'Your pitch cannot contain text-direction controls.',
    });
    expect(await fetchOwnCreatorApplication(bea.data)).toEqual({ data: { latest: null }, error: null });
  });

  it('declined: the student reads the reason and when to apply again; undone, it waits again', async () => {
    const cal = await student(backend);
    const { data: id } = await submitCreatorApplication(cal.data, { pitch: PITCH, platform: '', handle: '' });
    const decision = await moderate(moderator.data, { kind: 'creator-application', applicationId: Number(id), grant: false, reason: 'Show us one video first.' });
    expect(decision.error).toBeNull();
    expect((await fetchOwnCreatorApplication(cal.data)).data?.latest).toMatchObject({
      status: 'declined',
      closedAt: expect.any(String),
      reason: 'Show us one video first.',
      refusal: 'A moderator declined your last application. You can apply again in 7 days.',
    });
    expect((await moderate(moderator.data, { kind: 'undo', decisionId: Number(decision.data), reason: 'Too quick.' })).error).toBeNull();
    expect((await fetchOwnCreatorApplication(cal.data)).data?.latest).toMatchObject({ status: 'pending', reason: null });
  });

  it('granted: the student has the creator tools; a second moderator is told it is done', async () => {
    const dee = await student(backend);
    const other = await student(backend);
    await appointModerator(backend, other.id);
    const { data: id } = await submitCreatorApplication(dee.data, { pitch: PITCH, platform: 'twitch', handle: 'dee' });
    expect((await moderate(moderator.data, { kind: 'creator-application', applicationId: Number(id), grant: true, reason: 'Welcome.' })).error).toBeNull();
    expect(await fetchCreatorAccess(dee.data)).toEqual({ data: true, error: null });
    expect((await moderate(other.data, { kind: 'creator-application', applicationId: Number(id), grant: false, reason: 'No.' })).error?.message).toBe(
      'That application is already granted.',
    );
    const desk = await fetchModerationDesk(moderator.data);
    expect(desk.data?.decisions.find((d) => d.subject === 'creator_application' && d.subject_id === id)).toMatchObject({ action: 'grant', reason: 'Welcome.', undoable: true });
  });
});
