-- Explicit grants for the service role (issue 16).
--
-- Why: since 2026-10-30 hosted Supabase grants the API roles nothing on new public tables (the Data
-- API default). Every table already granted anon and authenticated exactly what they use, but the
-- service role had relied on the old automatic grants: on a project with the new default, each
-- operator step of supabase/README.md done with the service key (granting a creator, crediting coins,
-- reading takedown requests, editing the catalogue) failed with 42501 permission denied, measured on a
-- database built from Supabase's own SQL with the new default. The embedded backend now has the same
-- default, so a missing grant fails locally first.
--
-- Least privilege: row changes and reads only (no truncate, references or trigger). Identity columns
-- need no sequence grant (an insert as anon into takedown_requests works without one), yet hosted's
-- remaining defaults give anon and authenticated UPDATE (setval) on each new sequence: taken back.
-- Functions still get EXECUTE by default on hosted; each RPC's file grants or revokes what it must.

grant select, insert, update, delete on table public.apps to service_role;
grant select, insert, update, delete on table public.apps_played to service_role;
grant select, insert, update, delete on table public.battlepass_seasons to service_role;
grant select, insert, update, delete on table public.battlepass_tiers to service_role;
grant select, insert, update, delete on table public.chat_messages to service_role;
grant select, insert, update, delete on table public.chat_reports to service_role;
grant select, insert, update, delete on table public.client_mutations to service_role;
grant select, insert, update, delete on table public.coins_transactions to service_role;
grant select, insert, update, delete on table public.creator_socials to service_role;
grant select, insert, update, delete on table public.creator_videos to service_role;
grant select, insert, update, delete on table public.creators to service_role;
grant select, insert, update, delete on table public.items_unlocked to service_role;
grant select, insert, update, delete on table public.leaderboard_submissions to service_role;
grant select, insert, update, delete on table public.my_users to service_role;
grant select, insert, update, delete on table public.shop_items to service_role;
grant select, insert, update, delete on table public.streak to service_role;
grant select, insert, update, delete on table public.takedown_requests to service_role;
grant select on table public.public_profiles to service_role;

revoke all on sequence public.coins_transactions_id_seq from anon, authenticated;
revoke all on sequence public.items_unlocked_id_seq from anon, authenticated;
revoke all on sequence public.apps_played_id_seq from anon, authenticated;
revoke all on sequence public.leaderboard_submissions_id_seq from anon, authenticated;
revoke all on sequence public.chat_messages_id_seq from anon, authenticated;
revoke all on sequence public.chat_reports_id_seq from anon, authenticated;
revoke all on sequence public.creator_socials_id_seq from anon, authenticated;
revoke all on sequence public.creator_videos_id_seq from anon, authenticated;
revoke all on sequence public.takedown_requests_id_seq from anon, authenticated;
