-- MFA enforced by the database (issue 17). A password-only (aal1) token of an account with a verified
-- authenticator app read coins and the private profile, bought, chatted and filed scores: only the UI
-- asked for the code. Now app_private.require_uid, where every user action starts, refuses such a
-- session, and a restrictive policy on each table a student reaches hides and refuses its rows. The
-- current definitions live in supabase/schemas, in the files named below.

-- supabase/schemas/app_rls/mfa_satisfied.sql
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

-- supabase/schemas/app_private/functions/require_uid.sql
create or replace function app_private.require_uid() returns uuid
language plpgsql stable set search_path = public as $$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    raise exception 'Hey! You Must Be Logged In To Do That!' using errcode = '42501';
  end if;
  if not app_rls.mfa_satisfied() then
    raise exception 'Enter the code from your authenticator app first: this account asks for it.' using errcode = '42501';
  end if;
  return v_uid;
end $$;
revoke all on function app_private.require_uid() from public;

-- supabase/schemas/public/policies/second_factor.sql
create policy "second factor when the account has one" on public.my_users
  as restrictive for all to authenticated
  using ((select app_rls.mfa_satisfied())) with check ((select app_rls.mfa_satisfied()));

create policy "second factor when the account has one" on public.coins_transactions
  as restrictive for all to authenticated
  using ((select app_rls.mfa_satisfied())) with check ((select app_rls.mfa_satisfied()));

create policy "second factor when the account has one" on public.streak
  as restrictive for all to authenticated
  using ((select app_rls.mfa_satisfied())) with check ((select app_rls.mfa_satisfied()));

create policy "second factor when the account has one" on public.items_unlocked
  as restrictive for all to authenticated
  using ((select app_rls.mfa_satisfied())) with check ((select app_rls.mfa_satisfied()));

create policy "second factor when the account has one" on public.apps_played
  as restrictive for all to authenticated
  using ((select app_rls.mfa_satisfied())) with check ((select app_rls.mfa_satisfied()));

create policy "second factor when the account has one" on public.client_mutations
  as restrictive for all to authenticated
  using ((select app_rls.mfa_satisfied())) with check ((select app_rls.mfa_satisfied()));

create policy "second factor when the account has one" on public.leaderboard_submissions
  as restrictive for all to authenticated
  using ((select app_rls.mfa_satisfied())) with check ((select app_rls.mfa_satisfied()));

create policy "second factor when the account has one" on public.chat_messages
  as restrictive for all to authenticated
  using ((select app_rls.mfa_satisfied())) with check ((select app_rls.mfa_satisfied()));

create policy "second factor when the account has one" on public.chat_reports
  as restrictive for all to authenticated
  using ((select app_rls.mfa_satisfied())) with check ((select app_rls.mfa_satisfied()));

create policy "second factor when the account has one" on public.creator_socials
  as restrictive for all to authenticated
  using ((select app_rls.mfa_satisfied())) with check ((select app_rls.mfa_satisfied()));

create policy "second factor when the account has one" on public.creator_videos
  as restrictive for all to authenticated
  using ((select app_rls.mfa_satisfied())) with check ((select app_rls.mfa_satisfied()));
