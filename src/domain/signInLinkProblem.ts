// What a student reads when a sign-in link (a confirmation, a reset, a magic link) cannot sign them in.
// The auth server's own words ("Email link is invalid or has expired") are already for people; the
// client library's are for developers ("No session defined in URL" for a link opened twice, or opened
// with its address cut), so those are said the way a student can act on.

export const SIGN_IN_LINK_USED = 'This sign-in link has already been used, or its address is not complete. Sign in again, or ask for a new link.';

const LIBRARY_WORDS = [/no session defined in url/i, /invalid flow state/i, /code verifier/i, /not a valid session/i];

export function signInLinkProblem(message: string): string {
  return LIBRARY_WORDS.some((words) => words.test(message)) ? SIGN_IN_LINK_USED : message;
}
