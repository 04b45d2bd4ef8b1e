import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { config } from '../config.ts';
import type { Database } from './database.types.ts';

export type PortalSupabase = SupabaseClient<Database>;

export class BackendNotConfiguredError extends Error {
  constructor() {
    super('This build has no backend configured: set VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY.');
  }
}

/**
 * The one Supabase client of the page. Token refresh is paused while the device is offline: a
 * refresh that cannot reach the server must never look like a sign-out (the outbox would be
 * orphaned), so it simply waits for the network.
 */
export function createPortalSupabase(): PortalSupabase {
  if (config.supabaseUrl === '' || config.supabaseAnonKey === '') throw new BackendNotConfiguredError();
  const client = createClient<Database>(config.supabaseUrl, config.supabaseAnonKey, {
    auth: { persistSession: true, autoRefreshToken: navigator.onLine, detectSessionInUrl: false },
  });
  window.addEventListener('online', () => void client.auth.startAutoRefresh());
  window.addEventListener('offline', () => void client.auth.stopAutoRefresh());
  return client;
}
