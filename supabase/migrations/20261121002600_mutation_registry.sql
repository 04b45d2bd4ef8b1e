-- The outbox's batch entry point dispatches through a table instead of an if-chain.
--
-- Until now every new outbox kind re-created the whole of apply_mutations (the batch checks, the
-- per-op subtransaction, the error capture) just to add one branch, and a migration that copied
-- an older body silently dropped kinds added in between. Now the loop is written once, here, and
-- a new kind is one row: `insert into app_private.mutation_kinds values ('kind', 'select ...')`.
-- Each call is a statement with $1 = the op's args (jsonb) and $2 = its client id (uuid) that
-- yields one jsonb value. The table lives in app_private, which no API role can use, so only
-- migrations ever write the SQL that runs.

create table if not exists app_private.mutation_kinds (
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
   $q$select jsonb_build_object('id', public.submit_score($1 ->> 'p_app_id', ($1 ->> 'p_score')::bigint, $2))$q$),
  ('update_profile',
   $q$select public.update_profile($1 ->> 'p_username', $1 ->> 'p_icon', $1 ->> 'p_user_about', $2)$q$),
  ('send_chat_message', $q$select public.send_chat_message($1 ->> 'p_body', $2)$q$)
on conflict (kind) do update set call = excluded.call;

create or replace function public.apply_mutations(p_ops jsonb) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_op jsonb;
  v_id uuid;
  v_args jsonb;
  v_call text;
  v_result jsonb;
  v_out jsonb := '[]'::jsonb;
  v_code text;
  v_message text;
begin
  if p_ops is null or jsonb_typeof(p_ops) <> 'array' then
    raise exception 'p_ops must be an array of operations' using errcode = '22023';
  end if;
  if jsonb_array_length(p_ops) > 100 then
    raise exception 'At most 100 operations per batch, got %', jsonb_array_length(p_ops) using errcode = '22023';
  end if;

  for v_op in select value from jsonb_array_elements(p_ops) loop
    -- Each op in its own subtransaction: one refusal never undoes the others.
    begin
      if jsonb_typeof(v_op) <> 'object' or coalesce(jsonb_typeof(v_op -> 'id'), '') <> 'string' then
        raise exception 'Each operation needs a uuid "id"' using errcode = '22023';
      end if;
      v_id := (v_op ->> 'id')::uuid;
      v_args := coalesce(v_op -> 'args', '{}'::jsonb);
      if jsonb_typeof(v_args) <> 'object' then
        raise exception '"args" must be an object' using errcode = '22023';
      end if;
      select k.call into v_call from app_private.mutation_kinds k where k.kind = v_op ->> 'kind';
      if v_call is null then
        raise exception 'Unknown operation kind: %', coalesce(v_op ->> 'kind', 'null') using errcode = '22023';
      end if;
      execute v_call into v_result using v_args, v_id;
      v_out := v_out || jsonb_build_array(jsonb_build_object('id', v_id, 'ok', true, 'result', v_result));
    exception when others then
      get stacked diagnostics v_code = returned_sqlstate, v_message = message_text;
      v_out := v_out || jsonb_build_array(jsonb_build_object(
        'id', v_op -> 'id', 'ok', false, 'code', v_code, 'message', v_message));
    end;
  end loop;
  return v_out;
end $$;
revoke execute on function public.apply_mutations(jsonb) from public, anon;
grant execute on function public.apply_mutations(jsonb) to authenticated, service_role;
