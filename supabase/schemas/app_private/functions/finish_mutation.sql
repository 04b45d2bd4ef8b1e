-- Idempotency, step 2: remember what the first application returned.

create or replace function app_private.finish_mutation(p_uid uuid, p_client_id uuid, p_result jsonb) returns jsonb
language sql set search_path = public as $$
  update public.client_mutations set result = p_result
  where user_id = p_uid and client_id = p_client_id
  returning result
$$;
revoke all on function app_private.finish_mutation(uuid, uuid, jsonb) from public;
