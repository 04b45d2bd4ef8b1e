-- An access token works only while its session does (issue 26, item 11). GoTrue signs a token for an
-- hour and names its session in the session_id claim; a global sign-out or a password change deletes
-- sessions at once, and /auth/v1/user refuses their tokens from then on, but PostgREST checks only the
-- signature and the expiry, so the data API went on answering a signed-out token for up to an hour.
-- This function is the one rule for both places: hosted PostgREST runs it before every request as its
-- pre-request function (pgrst.db_pre_request on the authenticator role, set below), and the embedded
-- backend calls it before every REST and RPC request (supabase/embedded/rest.ts), with the request's
-- claims set. A signed-in role's token whose session_id names no row of auth.sessions is refused with
-- PT401, which PostgREST answers as HTTP 401 with that code (the app then renews the session, which
-- fails the same way, and asks the student to sign in). Tokens of anon and the service role carry no
-- session and pass. The cost is one primary-key lookup per request. Security definer, because the API
-- roles cannot read auth.sessions; in app_rls, which every API role may use and PostgREST does not
-- expose, because PostgREST calls it as the request's role.

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
