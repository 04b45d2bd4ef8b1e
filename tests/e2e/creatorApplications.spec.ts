// Creator applications (issue 20): a student applies from the creator page, a moderator decides at
// the desk with the keyboard at 1366x768, and the student gets the tools or reads why not. Applying
// is online only: offline the form says so, and a send that fails keeps what the student wrote.
// Other suites share this backend and its queues, so each test acts only on what it made itself.
import { randomUUID } from 'node:crypto';
import { expect, type Browser, type Page } from '@playwright/test';
import { serviceInsert, serviceSelect, signInNewStudent, studentRpc, type Student } from './support/backend.ts';
import { test } from './support/backendLink.ts';

test.use({ viewport: { width: 1366, height: 768 } });

const NEEDS_CONNECTION = 'Applying needs a connection, and the portal cannot be reached right now. What you wrote stays here: send it once you are back online.';

/** A moderator on a page of their own, at the desk. */
async function moderatorAtDesk(browser: Browser): Promise<{ page: Page; moderator: Student; username: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const moderator = await signInNewStudent(page);
  await studentRpc(moderator, 'ensure_profile', {});
  await serviceInsert('moderators', { user_id: moderator.userId, granted_by: 'e2e operator' });
  const [profile] = await serviceSelect<{ username: string }>('my_users', `user_id=eq.${moderator.userId}&select=username`);
  await page.goto('/moderate');
  await expect(page.getByRole('heading', { name: /^Creator applications/ })).toBeVisible();
  return { page, moderator, username: profile!.username };
}

test('a student applies, a moderator grants it by keyboard, and the student reaches the creator tools', async ({ page, browser, link }) => {
  const student = await signInNewStudent(page);
  const pitch = `Snake speedruns with tips for beginners ${randomUUID().slice(0, 8)}`;
  await page.goto('/creator');
  const form = page.getByTestId('creator-application-form');
  await expect(form).toContainText('One application at a time. After a decline, wait 7 days before applying again');

  // Offline, the form says that applying needs a connection, and what is typed stays.
  await link.goOffline();
  await expect(page.getByTestId('creator-application-offline')).toHaveText(NEEDS_CONNECTION);
  await form.getByLabel('What do you want to make?').fill(pitch);
  await form.getByLabel('Your channel (if you have one)').selectOption('youtube');
  await form.getByLabel('Handle or channel id').fill('@speedy_snake');
  await expect(form.getByRole('button', { name: 'Send application' })).toBeDisabled();
  await link.goOnline();
  await expect(page.getByTestId('creator-application-offline')).toHaveCount(0);

  // The backend out of reach while the page believes it is online: the send fails, the text stays.
  link.backendDown();
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByTestId('creator-application-error')).toHaveText(NEEDS_CONNECTION);
  await expect(form.getByLabel('What do you want to make?')).toHaveValue(pitch);
  link.backendUp();
  await form.getByRole('button', { name: 'Send application' }).click();
  const waiting = page.getByTestId('creator-application-pending');
  await expect(waiting).toContainText(pitch);
  await expect(waiting).toContainText('YouTube @speedy_snake');
  expect(await serviceSelect('creator_applications', `user_id=eq.${student.userId}&select=status,handle`)).toEqual([{ status: 'pending', handle: 'speedy_snake' }]);

  const desk = await moderatorAtDesk(browser);
  const card = desk.page.getByTestId('desk-application').filter({ hasText: pitch });
  await expect(card).toContainText('Channel: YouTube @speedy_snake');
  await expect(card).toContainText('Joined');
  await card.getByRole('textbox').focus();
  await desk.page.keyboard.type('A clear plan, welcome.');
  // Enter alone decides nothing here: the reason would reach a student if it were a decline.
  await desk.page.keyboard.press('Enter');
  await expect(card.getByRole('alert')).toHaveText('Choose with the buttons: Grant or Decline.');
  await desk.page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: 'Grant' })).toBeFocused();
  await desk.page.keyboard.press('Enter');
  await expect(card).toHaveCount(0);
  const [application] = await serviceSelect<{ id: number }>('creator_applications', `user_id=eq.${student.userId}&select=id`);
  expect(await serviceSelect('creators', `user_id=eq.${student.userId}&select=granted_by,application_id`)).toEqual([
    { granted_by: `moderator ${desk.username}`, application_id: application!.id },
  ]);
  const recorded = desk.page.getByTestId('desk-decision').filter({ hasText: 'A clear plan, welcome.' });
  await expect(recorded).toContainText(/Granted .+'s creator application/);
  await expect(recorded).toContainText('Undoing it takes the creator tools back, with the accounts and videos added since.');
  await expect(recorded.getByRole('button', { name: 'Undo' })).toBeVisible();

  // The student asks for the answer and has the tools.
  await waiting.getByRole('button', { name: 'Check for an answer' }).click();
  await expect(page.getByTestId('add-social-form')).toBeVisible();
  await expect(page.getByTestId('not-a-creator')).toHaveCount(0);
  await desk.page.context().close();
});

test('a declined application shows the moderator its reason, and the student reads it; undone, it waits again', async ({ page, browser }) => {
  const student = await signInNewStudent(page);
  const pitch = `Minecraft builds, but only the pretty ones ${randomUUID().slice(0, 8)}`;
  await studentRpc(student, 'submit_creator_application', { p_pitch: pitch });

  const desk = await moderatorAtDesk(browser);
  const card = desk.page.getByTestId('desk-application').filter({ hasText: pitch });
  await card.getByRole('button', { name: 'Decline' }).focus();
  await desk.page.keyboard.press('Enter');
  // A decline has no ready-made reason: the student is owed the moderator's own words.
  await expect(card.getByRole('alert')).toHaveText('Write why you decline: the student reads it, so say what would change your answer.');
  await expect(card.getByRole('textbox')).toBeFocused();
  const reason = 'Minecraft is not on the portal: pick one of our games and apply again.';
  await desk.page.keyboard.type(reason);
  await desk.page.keyboard.press('Tab');
  await desk.page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: 'Decline' })).toBeFocused();
  await desk.page.keyboard.press('Enter');
  await expect(card).toHaveCount(0);

  await page.goto('/creator');
  const declined = page.getByTestId('creator-application-declined');
  await expect(declined).toContainText('A moderator declined your application');
  await expect(declined).toContainText(reason);
  await expect(page.getByTestId('creator-application-refusal')).toHaveText('A moderator declined your last application. You can apply again in 7 days.');
  await expect(page.getByTestId('creator-application-form')).toHaveCount(0);

  // Undone from the record, the application waits for a moderator again.
  const recorded = desk.page.getByTestId('desk-decision').filter({ hasText: reason });
  await expect(recorded).toContainText(/Declined .+'s creator application/);
  await recorded.getByRole('textbox').fill('Read it too fast.');
  await recorded.getByRole('button', { name: 'Undo' }).click();
  await expect(desk.page.getByText('Decision undone.')).toBeVisible();
  await expect(desk.page.getByTestId('desk-application').filter({ hasText: pitch })).toHaveCount(1);
  await page.reload();
  await expect(page.getByTestId('creator-application-pending')).toContainText(pitch);
  await desk.page.context().close();
});
