// The navbar's account item, the specs' sign of who the page acts for. While the stored session is read it
// is a placeholder that is neither link, so "signed in" is the profile link being there, never the
// sign-in link being absent.
import { expect, type Locator, type Page } from '@playwright/test';

/** Waits until `scope` (a page, or a part of one such as the navbar) shows the signed-in student's profile link. */
export async function expectSignedIn(scope: Page | Locator): Promise<void> {
  await expect(scope.getByTestId('account-link')).toHaveAttribute('href', '/profile');
}
