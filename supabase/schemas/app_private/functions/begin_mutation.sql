-- Idempotency, step 1: claim the client id for this call. Returns null when this call is the first
-- (go ahead), or the stored result of the earlier application (return it, apply nothing). A
-- concurrent first call holding the same id makes this wait until it commits or rolls back. A failed
-- call rolls its claim back with it, so a retry of a refused action is evaluated afresh.

create or replace function app_private.begin_mutation(p_uid uuid, p_client_id uuid, p_kind text) returns jsonb
language plpgsql set search_path = public as $$
declare
  v_kind text;
  v_result jsonb;
begin
  if p_client_id is null then
    raise exception 'p_client_id is required: a fresh uuid per action, reused only to retry it'
      using errcode = '22023';
  end if;
  insert into public.client_mutations (user_id, client_id, kind) values (p_uid, p_client_id, p_kind)
  on conflict (user_id, client_id) do nothing;
  if found then
    return null;
  end if;
  select kind, result into v_kind, v_result
  from public.client_mutations where user_id = p_uid and client_id = p_client_id;
  if v_kind <> p_kind then
    raise exception 'client id % was already used for %, not %', p_client_id, v_kind, p_kind
      using errcode = '22023';
  end if;
  return v_result;
end $$;
revoke all on function app_private.begin_mutation(uuid, uuid, text) from public;
