-- An account that verified an authenticator app reads and writes nothing with a password-only (aal1)
-- session: one restrictive policy on every table a signed-in student reaches, beside each table's own
-- permissive ones (a restrictive policy narrows them; it grants nothing). The rule is
-- app_rls.mfa_satisfied, which app_private.require_uid applies to every RPC too. The policies live
-- together because they are one rule, and after the functions because they call one.
-- Which tables: every public table a signed-in student may write, or may read while a signed-out
-- visitor may not (what anon reads too, a password alone reveals nothing by reading). The database
-- suite semester-holes-growth reads the catalogue and fails for any table of that kind without this
-- policy, so a new table cannot forget it (issue 26: game_saves, creator_applications and moderators
-- had).

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

create policy "second factor when the account has one" on public.game_saves
  as restrictive for all to authenticated
  using ((select app_rls.mfa_satisfied())) with check ((select app_rls.mfa_satisfied()));

create policy "second factor when the account has one" on public.creator_applications
  as restrictive for all to authenticated
  using ((select app_rls.mfa_satisfied())) with check ((select app_rls.mfa_satisfied()));

create policy "second factor when the account has one" on public.moderators
  as restrictive for all to authenticated
  using ((select app_rls.mfa_satisfied())) with check ((select app_rls.mfa_satisfied()));

-- Realtime's private topics are decided by policies on realtime.messages (schemas/realtime/messages.sql).
create policy "second factor when the account has one" on realtime.messages
  as restrictive for all to authenticated
  using ((select app_rls.mfa_satisfied())) with check ((select app_rls.mfa_satisfied()));
