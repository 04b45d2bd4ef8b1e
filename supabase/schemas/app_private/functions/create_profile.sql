-- A profile with a random short username and the default icon; retried on the rare name collision.

create or replace function app_private.create_profile(p_uid uuid) returns void
language plpgsql set search_path = public as $$
declare
  v_attempt integer := 0;
begin
  loop
    insert into public.my_users (user_id, username)
    values (p_uid, 'user_' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 10))
    on conflict do nothing;
    exit when exists (select 1 from public.my_users where user_id = p_uid);
    v_attempt := v_attempt + 1;
    if v_attempt >= 5 then
      raise exception 'Failed to get profile, and failed to create profile' using errcode = 'P0001';
    end if;
  end loop;
end $$;
revoke all on function app_private.create_profile(uuid) from public;
