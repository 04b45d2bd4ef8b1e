// Friend invite links (issue 28): a code of 16 URL-safe characters (12 random bytes, made by
// create_friend_invite), carried as ?invite= on the friends page so that the link works in any
// browser, installed app or tab, and survives the sign-in page's ?next=.

const CODE = /^[A-Za-z0-9_-]{16}$/;

export const FRIENDS_PATH = '/friends';

/** The link a student shares: opening it on the portal offers to accept the invite. */
export function inviteLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}${FRIENDS_PATH}?invite=${encodeURIComponent(code)}`;
}

/**
 * The code in what a student typed or pasted: the code itself, or a whole invite link (from a chat
 * message or a QR reader). null when it is neither, so the page can say so before asking the server.
 */
export function inviteCodeFrom(text: string): string | null {
  const typed = text.trim();
  if (CODE.test(typed)) return typed;
  try {
    const code = new URL(typed).searchParams.get('invite');
    return code !== null && CODE.test(code) ? code : null;
  } catch {
    return null;
  }
}

export interface OpenInvite {
  forClass: boolean;
  usesLeft: number;
  expiresAt: Date;
}

/** "For one classmate · expires in 6 days", "For a class · 38 places left · expires in 23 hours". */
export function inviteSummary(invite: OpenInvite, now: Date): string {
  const who = invite.forClass ? `For a class · ${invite.usesLeft} place${invite.usesLeft === 1 ? '' : 's'} left` : 'For one classmate';
  return `${who} · ${expiresIn(invite.expiresAt.getTime() - now.getTime())}`;
}

function expiresIn(ms: number): string {
  if (ms <= 0) return 'expired';
  // The last hour counts minutes up, so the final seconds still read "1 minute". Longer spans round to
  // the nearest hour, and past two days to the nearest day: a 7-day link just made says 7 days, not 6.
  if (ms < 3_600_000) {
    const minutes = Math.ceil(ms / 60_000);
    return `expires in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  if (ms < 48 * 3_600_000) {
    const hours = Math.round(ms / 3_600_000);
    return `expires in ${hours} hour${hours === 1 ? '' : 's'}`;
  }
  return `expires in ${Math.round(ms / 86_400_000)} days`;
}
