// The moderation desk (issue 20), as a moderator works it with the keyboard at 1366x768: a proof is
// seen beside its score and approved onto the board, a reported message is hidden and the decision
// undone, a takedown request is marked handled; a forged top score is rejected off the public list; a
// student who opens the desk is told it is not theirs.
// Other suites share this backend and its queues, so the test acts only on what it made itself.
import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { serviceInsert, serviceRpc, serviceSelect, signInNewStudent, signUpViaApi, studentRpc, studentSays, uploadProof } from './support/backend.ts';
import { test } from './support/backendLink.ts';

test.use({ viewport: { width: 1366, height: 768 } });

test('a moderator approves a proof, hides a reported message and undoes it, and resolves a takedown, by keyboard', async ({ page }) => {
  const { student } = await signUpViaApi();
  await studentRpc(student, 'ensure_profile', {});
  const [author] = await serviceSelect<{ username: string }>('my_users', `user_id=eq.${student.userId}&select=username`);
  const scoreId = await studentRpc<number>(student, 'submit_score', { p_app_id: 'snake', p_score: 3210, p_client_id: randomUUID(), p_duration_ms: 60_000 });
  expect((await uploadProof(student, `${scoreId}_snake-3210.png`)).status).toBe(200);
  const words = `desk check ${randomUUID().slice(0, 8)}`;
  const messageId = await studentSays(student, words);
  const { student: reporter } = await signUpViaApi();
  await serviceInsert('chat_reports', { message_id: messageId, reporter_id: reporter.userId, reason: 'unkind' });
  const takedownUrl = `https://games.example/${randomUUID()}`;
  await serviceInsert('takedown_requests', { name: 'Ann Owner', email: 'ann@example.test', url: takedownUrl, reason: 'My game, copied.' });

  const moderator = await signInNewStudent(page);
  await serviceInsert('moderators', { user_id: moderator.userId, granted_by: 'e2e operator' });
  // A moderator finds the desk in their settings.
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Open the moderation desk' }).click();
  await expect(page).toHaveURL(/\/moderate$/);

  const card = page.getByTestId('desk-score').filter({ hasText: author!.username });
  await expect(card).toContainText('3,210 in Snake');
  // The proof is the real image, read from the private bucket.
  await expect.poll(() => card.getByTestId('desk-proof').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await card.getByRole('textbox').focus();
  await page.keyboard.type('Screenshot shows 3,210.');
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Approved ${author!.username}'s 3,210 in Snake.`)).toBeVisible();
  await expect(card).toHaveCount(0);
  const board = await serviceRpc<{ submission_id: number; reviewed: boolean }[]>('get_app_high_scores', { p_app_id: 'snake' });
  expect(board.find((row) => row.submission_id === scoreId)?.reviewed).toBe(true);

  const report = page.getByTestId('desk-report').filter({ hasText: words });
  await report.getByRole('button', { name: 'Hide message' }).focus();
  await page.keyboard.press('Enter');
  await expect(report).toHaveCount(0);
  expect(await serviceSelect('chat_messages', `id=eq.${messageId}&select=hidden`)).toEqual([{ hidden: true }]);

  const hidden = page.getByTestId('desk-decision').filter({ hasText: words }).first();
  await expect(hidden).toContainText('Hid');
  await expect(hidden).toContainText('It breaks the chat rules.');
  await hidden.getByRole('textbox').fill('A joke between friends, they said sorry.');
  await hidden.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Decision undone.')).toBeVisible();
  expect(await serviceSelect('chat_messages', `id=eq.${messageId}&select=hidden`)).toEqual([{ hidden: false }]);
  await expect(page.getByTestId('desk-decision').filter({ hasText: words }).first()).toContainText('A joke between friends, they said sorry.');

  const takedown = page.getByTestId('desk-takedown').filter({ hasText: takedownUrl });
  await takedown.getByRole('button', { name: 'Mark handled' }).click();
  await expect(takedown).toHaveCount(0);
  expect(await serviceSelect<{ resolved_at: string | null }>('takedown_requests', `url=eq.${encodeURIComponent(takedownUrl)}&select=resolved_at`)).toEqual([
    { resolved_at: expect.any(String) },
  ]);

  // Every decision is on record with who made it.
  const decisions = await serviceSelect<{ action: string; moderator_id: string }>('moderation_decisions', `moderator_id=eq.${moderator.userId}&select=action,moderator_id&order=id`);
  expect(decisions.map((d) => d.action)).toEqual(['approve', 'hide', 'restore', 'resolve']);
});

test('a student who opens the desk is told it is for moderators, and sees nothing of it', async ({ page }) => {
  await signInNewStudent(page);
  const asked = page.waitForResponse((response) => response.url().endsWith('/rest/v1/rpc/is_moderator'));
  await page.goto('/settings');
  expect(await (await asked).json()).toBe(false);
  await expect(page.getByRole('heading', { name: 'Password' })).toBeVisible();
  await expect(page.getByTestId('desk-link')).toHaveCount(0);
  await page.goto('/moderate');
  await expect(page.getByTestId('desk-refused')).toHaveText('The moderation desk is for moderators. The people who run this portal appoint them.');
  await expect(page.getByTestId('desk-score')).toHaveCount(0);
});

test('a moderator rejects a forged top score, and it leaves the public list', async ({ page, browser }) => {
  const { student: forger } = await signUpViaApi();
  await studentRpc(forger, 'ensure_profile', {});
  const [profile] = await serviceSelect<{ username: string }>('my_users', `user_id=eq.${forger.userId}&select=username`);
  // Within Snake's bound and pace for the minute it claims, so the server takes it, but the server saw no
  // game played: a borderline claim for the desk.
  const forgedId = await studentRpc<number>(forger, 'submit_score', { p_app_id: 'snake', p_score: 3960, p_client_id: randomUUID(), p_duration_ms: 60_000 });
  expect((await uploadProof(forger, `${forgedId}_snake-3960.png`)).status).toBe(200);

  // Anyone's view of the board: the waiting score tops it, marked as waiting, with no rank.
  const visitor = await browser.newPage();
  await visitor.goto('/class/snake');
  const forgedRow = visitor.getByTestId('high-scores').getByTestId('high-score').filter({ hasText: profile!.username });
  await expect(forgedRow).toContainText('3,960');
  await expect(forgedRow).toContainText('waiting for review');

  const moderator = await signInNewStudent(page);
  await serviceInsert('moderators', { user_id: moderator.userId, granted_by: 'e2e operator' });
  await page.goto('/moderate');
  const card = page.getByTestId('desk-score').filter({ hasText: profile!.username });
  await expect(card).toContainText('3,960 in Snake');
  await expect(card.getByTestId('desk-play')).toHaveText(
    'The game reported 1 min of play. The server did not see this game start (played offline, or on a slow connection).',
  );
  await card.getByRole('textbox').fill('The screenshot is not a game of Snake.');
  await card.getByRole('button', { name: 'Reject' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Rejected ${profile!.username}'s 3,960 in Snake.`)).toBeVisible();
  await expect(card).toHaveCount(0);

  await visitor.reload();
  await expect(visitor.getByTestId('high-scores')).toBeVisible();
  await expect(visitor.getByTestId('high-scores')).not.toContainText(profile!.username);
  const board = await serviceRpc<{ submission_id: number }[]>('get_app_high_scores', { p_app_id: 'snake' });
  expect(board.some((row) => row.submission_id === forgedId)).toBe(false);
  const [decision] = await serviceSelect<{ action: string; reason: string }>('moderation_decisions', `moderator_id=eq.${moderator.userId}&select=action,reason`);
  expect(decision).toEqual({ action: 'reject', reason: 'The screenshot is not a game of Snake.' });
  await visitor.close();
});
