-- A profile's username and about text, whichever way they are written (update_profile, a direct
-- PATCH of my_users, an operator's SQL): no username that looks like a reserved one, and no
-- text-direction controls or blank-looking about text (app_private.text_problem). Look-alike
-- usernames are kept apart by the unique index on their skeleton (username_skeleton.sql).

create or replace function app_private.my_users_text_guard() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  -- Compared without _ and -, by look-alike skeleton and ignoring case (with 0 as o and 1 as l), so
  -- `ADMIN`, `adm_in` and `m0derator` are caught.
  if (tg_op = 'INSERT' or new.username is distinct from old.username) and exists (
    select 1 from app_private.reserved_usernames r, replace(replace(new.username, '_', ''), '-', '') as bare(name)
    where app_rls.username_skeleton(bare.name) = app_rls.username_skeleton(r.name)
       or lower(translate(bare.name, '10', 'lo')) = r.name
  ) then
    raise exception 'That username is kept for the portal''s staff. Please choose another one.' using errcode = 'P0001';
  end if;
  if tg_op = 'INSERT' or new.user_about is distinct from old.user_about then
    case app_private.text_problem(new.user_about)
      when 'direction' then
        raise exception 'The about text cannot contain text-direction controls.' using errcode = 'P0001';
      when 'blank' then
        raise exception 'The about text looks blank: write something, or leave it empty.' using errcode = 'P0001';
      else null;
    end case;
  end if;
  return new;
end $$;
revoke execute on function app_private.my_users_text_guard() from public;

create trigger my_users_text_guard before insert or update of username, user_about on public.my_users
  for each row execute function app_private.my_users_text_guard();
