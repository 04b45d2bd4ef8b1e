// Product analytics (PostHog), only where a deployment sets VITE_POSTHOG_KEY. posthog-js is imported
// after the first paint, so the shell stays small; with no key nothing is imported, nothing is sent
// and the site-redesign flag stays unknown (the default layout).
import { config } from '../config.ts';

export const SITE_REDESIGN_FLAG = 'site-redesign';

type PostHog = typeof import('posthog-js').default;

type Listener = () => void;

let remoteFlag: string | undefined;
const listeners = new Set<Listener>();
let client: Promise<PostHog | null> | undefined;
let identified: string | null = null;

function setRemoteFlag(value: string | undefined): void {
  if (value === remoteFlag) return;
  remoteFlag = value;
  for (const listener of listeners) listener();
}

/** The site-redesign flag as PostHog last reported it for this visitor. */
export function getRemoteFlag(): string | undefined {
  return remoteFlag;
}

export function subscribeRemoteFlag(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Starts PostHog once; resolves to null when analytics is not configured. */
export function startAnalytics(key: string | undefined = config.posthogKey): Promise<PostHog | null> {
  if (key === undefined) return Promise.resolve(null);
  client ??= import('posthog-js').then(({ default: posthog }) => {
    posthog.init(key, {
      ...(config.posthogHost === undefined ? {} : { api_host: config.posthogHost }),
      disable_surveys: true,
      person_profiles: 'identified_only',
    });
    posthog.onFeatureFlags(() => {
      const value = posthog.getFeatureFlag(SITE_REDESIGN_FLAG);
      setRemoteFlag(typeof value === 'string' ? value : value === true ? 'true' : undefined);
    });
    return posthog;
  });
  return client;
}

/** Ties events to the signed-in user, and forgets them on sign-out. A no-op without a key. */
export async function identifyUser(userId: string | null): Promise<void> {
  if (userId === identified) return;
  const posthog = await startAnalytics();
  if (posthog === null) return;
  if (userId === null) {
    if (identified !== null) posthog.reset();
  } else {
    posthog.identify(userId);
  }
  identified = userId;
}
