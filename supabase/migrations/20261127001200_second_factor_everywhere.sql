-- The second factor on the tables that came after it (issue 26, item 8).
--
-- Why: a password-only (aal1) session of an account with a verified authenticator app read its
-- game_saves, its creator_applications and its moderators row; those tables arrived after the
-- restrictive "second factor when the account has one" policy was laid on every table a student
-- reached, and nothing made a new table carry it. Now they do, and the database suite
-- semester-holes-growth reads the catalogue (pg_class, privileges, pg_policies) and fails for any
-- public table a signed-in student may write, or read while anon may not, without that policy.

create policy "second factor when the account has one" on public.game_saves
  as restrictive for all to authenticated
  using ((select app_rls.mfa_satisfied())) with check ((select app_rls.mfa_satisfied()));

create policy "second factor when the account has one" on public.creator_applications
  as restrictive for all to authenticated
  using ((select app_rls.mfa_satisfied())) with check ((select app_rls.mfa_satisfied()));

create policy "second factor when the account has one" on public.moderators
  as restrictive for all to authenticated
  using ((select app_rls.mfa_satisfied())) with check ((select app_rls.mfa_satisfied()));
