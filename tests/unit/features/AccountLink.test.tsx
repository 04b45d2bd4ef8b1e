// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { authStorageKey } from '../../../src/backend/sessionStore.ts';
import { AccountLink } from '../../../src/features/auth/AccountLink.tsx';
import { PortalStateProvider, type PortalState } from '../../../src/state/portal.tsx';
import { fakeRuntime, LOADING, signedIn, signedOut } from '../state/harness.tsx';
import { stage, type Stage } from '../ui/render.ts';

let view: Stage | null = null;
afterEach(() => {
  view?.unmount();
  view = null;
  localStorage.clear();
});

/** What supabase-js leaves on a device a student signed in on. */
function storeSession(): void {
  localStorage.setItem(authStorageKey()!, JSON.stringify({ access_token: 'access', refresh_token: 'refresh', user: { id: 'student-1' } }));
}

function show(portal: PortalState): Stage {
  view = stage();
  view.render(
    <MemoryRouter>
      <PortalStateProvider value={portal}>
        <AccountLink />
      </PortalStateProvider>
    </MemoryRouter>,
  );
  return view;
}

describe('AccountLink', () => {
  it('while a stored session is read, offers neither sign-in nor the profile, and says it is checking', () => {
    storeSession();
    const { container } = show(LOADING);
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).not.toContain('Sign in');
    const pending = container.querySelector('[data-testid="account-pending"]');
    expect(pending?.getAttribute('aria-busy')).toBe('true');
    expect(pending?.textContent).toBe('Checking your account');
  });

  it('before the runtime, on a device with no session stored, links to the sign-in page at once', () => {
    const { container } = show(LOADING);
    expect(container.querySelector('[data-testid="account-link"]')?.getAttribute('href')).toBe('/auth');
    expect(container.querySelector('[aria-busy]')).toBeNull();
  });

  it('signed out, links to the sign-in page', () => {
    const { container } = show(signedOut(fakeRuntime().runtime));
    const link = container.querySelector('[data-testid="account-link"]');
    expect(link?.getAttribute('href')).toBe('/auth');
    expect(link?.textContent).toBe('Sign in');
    expect(container.querySelector('[aria-busy]')).toBeNull();
  });

  it('signed in, links to the profile', () => {
    const { container } = show(signedIn(fakeRuntime().runtime));
    const link = container.querySelector('[data-testid="account-link"]');
    expect(link?.getAttribute('href')).toBe('/profile');
    expect(link?.textContent).not.toContain('Sign in');
    expect(container.querySelector('[aria-busy]')).toBeNull();
  });
});
