-- Whether the caller is a moderator whose session passed any second factor: what the storage policy
-- letting moderators see proof images asks (storage/submissions.sql). Security definer, as policies
-- run as the caller, who cannot read other rows of public.moderators.

create or replace function app_rls.session_is_moderator() returns boolean
language sql stable security definer set search_path = public as $$
  select exists (select 1 from public.moderators m where m.user_id = (select auth.uid())) and app_rls.mfa_satisfied()
$$;
revoke all on function app_rls.session_is_moderator() from public;
grant execute on function app_rls.session_is_moderator() to authenticated;
