// Presence (issue 28) in a module of its own: the shell sends it from every page, so it must not bring
// the friends page's actions into the first paint.
import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

async function answerOf(call: PromiseLike<{ data: boolean | null; error: { message: string; code?: string } | null }>): Promise<Result<boolean>> {
  try {
    const { data, error } = await call;
    return error ? failed(error) : ok(data === true);
  } catch (error) {
    return thrown(error);
  }
}

/** Turns sharing on or off; the answer is the setting now stored. */
export function setPresenceSharing(source: DataSource, on: boolean): Promise<Result<boolean>> {
  return answerOf(partsOf(source).supabase.rpc('set_presence_sharing', { p_on: on }));
}

/** Tells the server this student is here, and what they play; false when they do not share it. */
export function sendPresence(source: DataSource, appId: string | null): Promise<Result<boolean>> {
  return answerOf(partsOf(source).supabase.rpc('set_presence', appId === null ? {} : { p_app_id: appId }));
}
