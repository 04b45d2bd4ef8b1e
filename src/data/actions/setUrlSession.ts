import type { UrlSession } from '../../domain/urlSession.ts';
import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

/** Signs in with the session an auth redirect put in the URL (see domain/urlSession.ts). */
export async function setUrlSession(source: DataSource, session: Pick<UrlSession, 'access_token' | 'refresh_token'>): Promise<Result<null>> {
  try {
    const { error } = await partsOf(source).supabase.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
    return error ? failed(error) : ok(null);
  } catch (error) {
    return thrown(error);
  }
}
