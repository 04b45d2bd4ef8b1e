-- The outbox's batch entry point (public.apply_mutations) dispatches through this table instead of
-- an if-chain.
--
-- When it was an if-chain, every new outbox kind re-created the whole of apply_mutations (the batch
-- checks, the per-op subtransaction, the error capture) just to add one branch, and a migration that
-- copied an older body silently dropped kinds added in between. Now the loop is written once and a
-- new kind is one row. Each call is a statement with $1 = the op's args (jsonb) and $2 = its client
-- id (uuid) that yields one jsonb value. The table lives in app_private, which no API role can use,
-- so only migrations ever write the SQL that runs.
--
-- The rows are code, so they live here: a new kind is a row below plus the same insert in a migration.

create table app_private.mutation_kinds (
  kind text primary key,
  call text not null
);

insert into app_private.mutation_kinds (kind, call) values
  ('claim_streak', 'select public.claim_streak($2)'),
  ('record_app_played', $q$select public.record_app_played($1 ->> 'p_app_id', $2)$q$),
  ('increment_time_spent',
   $q$select public.increment_time_spent(($1 ->> 'user_id')::uuid, ($1 ->> 'increment_value')::integer, $2)$q$),
  ('buy_item', $q$select public.buy_item($1 ->> 'p_item_id', $2)$q$),
  ('set_item_equipped', $q$select public.set_item_equipped($1 ->> 'p_item_id', ($1 ->> 'p_equipped')::boolean, $2)$q$),
  ('claim_battlepass_tier',
   $q$select public.claim_battlepass_tier(($1 ->> 'p_season')::integer, ($1 ->> 'p_tier')::integer, $2)$q$),
  ('submit_score',
   $q$select jsonb_build_object('id', public.submit_score($1 ->> 'p_app_id', ($1 ->> 'p_score')::bigint, $2,
     ($1 ->> 'p_run_id')::uuid, ($1 ->> 'p_duration_ms')::integer, coalesce(($1 ->> 'p_resumed')::boolean, false),
     ($1 ->> 'p_proof_bytes')::integer))$q$),
  ('update_profile',
   $q$select public.update_profile($1 ->> 'p_username', $1 ->> 'p_icon', $1 ->> 'p_user_about', $2)$q$),
  ('send_chat_message', $q$select public.send_chat_message($1 ->> 'p_body', $2)$q$),
  ('put_game_save',
   $q$select public.put_game_save($1 ->> 'p_app_id', $1 ->> 'p_state', ($1 ->> 'p_device_id')::uuid,
     $1 ->> 'p_device_label', ($1 ->> 'p_saved_at')::timestamptz, ($1 ->> 'p_base_version')::bigint)$q$),
  ('unlock_achievement',
   $q$select public.unlock_achievement($1 ->> 'p_app_id', $1 ->> 'p_achievement', ($1 ->> 'p_run_id')::uuid, $2)$q$),
  ('report_stat',
   $q$select public.report_stat($1 ->> 'p_app_id', ($1 ->> 'p_run_id')::uuid, $1 ->> 'p_name', ($1 ->> 'p_value')::bigint, $2)$q$),
  ('note_offline_game_run',
   $q$select public.note_offline_game_run($1 ->> 'p_app_id', ($1 ->> 'p_run_id')::uuid, $2)$q$)
on conflict (kind) do update set call = excluded.call;
