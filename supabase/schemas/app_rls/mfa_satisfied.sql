-- An account that verified an authenticator app acts only through a session that passed it (aal2): with
-- a password alone (aal1) it reaches its own MFA steps at the auth server and nothing in the database.
-- Supabase's documented pattern: restrictive policies on every table a student reaches, and the same
-- check in app_private.require_uid, where every user action starts. Security definer, because the API
-- roles cannot read auth.mfa_factors. It lives in app_rls, the schema of what policies call: a policy
-- runs as the caller, who needs usage on its schema, and app_private stays closed to the API roles.
-- PostgREST does not expose app_rls.

create schema if not exists app_rls;
revoke all on schema app_rls from public;
grant usage on schema app_rls to authenticated;

create or replace function app_rls.mfa_satisfied() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2'
    or not exists (select 1 from auth.mfa_factors f where f.user_id = auth.uid() and f.status::text = 'verified')
$$;
revoke all on function app_rls.mfa_satisfied() from public;
grant execute on function app_rls.mfa_satisfied() to authenticated;
