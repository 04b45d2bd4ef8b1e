-- apply_mutations fails the whole call when run read-only (issue 16).
--
-- Why: PostgREST runs an RPC called with GET in a read-only transaction. apply_mutations caught each
-- operation's 25006 in its own subtransaction and answered 200 with one refusal per operation, which
-- a client could take as the server's final word on each. Now the call itself fails with 25006 before
-- any operation runs. Only this check changed; the rest of the body is as before
-- (supabase/schemas/public/functions/apply_mutations.sql is its home).

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
  -- Run read-only (a GET), every operation would fail alone with 25006 and the batch would "succeed"
  -- with a list of refusals the client might take as final; fail the call itself instead.
  if current_setting('transaction_read_only') = 'on' then
    raise exception 'apply_mutations changes data: send it with POST, not GET' using errcode = '25006';
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
