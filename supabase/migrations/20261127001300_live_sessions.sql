-- A signed-out token is refused by the data API within seconds, not after its hour (issue 26, item 11).
--
-- Why: after a global sign-out or a password change, /auth/v1/user already answered
-- session_not_found, but REST and RPC took the same access token for up to an hour (GoTrue signs
-- them for 3600 s; PostgREST checks only the signature and the expiry). app_rls.require_live_session
-- refuses a signed-in role's token whose session_id claim names no row of auth.sessions, with PT401
-- (HTTP 401). Hosted PostgREST runs it before every request as its pre-request function, set below
-- on the authenticator role (allowed to the non-superuser postgres: tried on the Supabase-like
-- database); the embedded backend calls the same function before every REST and RPC request. One
-- primary-key lookup per request.

grant usage on schema app_rls to anon, authenticated, service_role;

create or replace function app_rls.require_live_session() returns void
language plpgsql stable security definer set search_path = '' as $$
declare
  v_claims jsonb := auth.jwt();
  v_session text := v_claims ->> 'session_id';
begin
  if coalesce(v_claims ->> 'role', '') <> 'authenticated' then
    return;
  end if;
  if v_session is null
     or v_session !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     or not exists (select 1 from auth.sessions s where s.id = v_session::uuid) then
    raise exception 'This session has ended (signed out everywhere, or the password changed): sign in again.'
      using errcode = 'PT401', hint = 'session_not_found';
  end if;
end $$;
revoke all on function app_rls.require_live_session() from public;
grant execute on function app_rls.require_live_session() to anon, authenticated, service_role;

-- Hosted: make it PostgREST's pre-request function. The non-superuser postgres may set this on the
-- authenticator role there (Supabase's documented way; tried on the Supabase-like database), and the
-- notify makes PostgREST reload its configuration. Where no authenticator role exists (the embedded
-- backend, the test engines), nothing is set: the embedded backend calls the function itself.
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'authenticator') then
    alter role authenticator set pgrst.db_pre_request = 'app_rls.require_live_session';
    notify pgrst, 'reload config';
  end if;
end $$;
