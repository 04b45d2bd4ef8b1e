-- A profile's username and about text, whichever way they are written (update_profile, a direct
-- PATCH of my_users, an operator's SQL): no username that looks like a reserved one, and no
-- text-direction controls or blank-looking about text (app_private.text_problem). Look-alike
-- usernames are kept apart by the unique index on their skeleton (username_skeleton.sql).

create or replace function app_private.my_users_text_guard() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  -- Compared without _ and -, by look-alike skeleton and ignoring case (with 0 as o and 1 as l), so
  -- `ADMIN`, `adm_in` and `m0derator` are caught. A staff word (reserved_usernames.in_part) is also
  -- refused at the start or the end of a longer name (issue 26: a student took `Moderator_4d74`), read
  -- with digits as the letters they stand for (0 o, 1 i, 3 e, 4 a, 5 s, 7 t) and l as i, and again with
  -- the digits left out, so `m0d3rator_7`, `the_4dmin` and `123admin456` are caught too. The random
  -- names app_private.create_profile gives ('user_' and 10 hex digits) are the portal's own: read that
  -- way, one in a million would end in `staff` (57aff) and the sign-up would fail.
  if (tg_op = 'INSERT' or new.username is distinct from old.username) and exists (
    select 1 from app_private.reserved_usernames r, replace(replace(new.username, '_', ''), '-', '') as bare(name),
      app_private.staff_form(bare.name) as f(name), app_private.staff_form(regexp_replace(bare.name, '[0-9]', '', 'g')) as d(name),
      app_private.staff_form(r.name) as w(name)
    where app_rls.username_skeleton(bare.name) = app_rls.username_skeleton(r.name)
       or lower(translate(bare.name, '10', 'lo')) = r.name
       or (r.in_part and new.username !~ '^user_[0-9a-f]{10}$'
           and (starts_with(f.name, w.name) or right(f.name, length(w.name)) = w.name
                or starts_with(d.name, w.name) or right(d.name, length(w.name)) = w.name))
  ) then
    raise exception 'That username is kept for the portal''s staff. Please choose another one.' using errcode = 'P0001';
  end if;
  if tg_op = 'INSERT' or new.user_about is distinct from old.user_about then
    case app_private.text_problem(new.user_about)
      when 'direction' then
        raise exception 'The about text cannot contain text-direction controls.' using errcode = 'P0001';
      when 'blank' then
        raise exception 'The about text looks blank: write something, or leave it empty.' using errcode = 'P0001';
      when 'marks' then
        raise exception 'The about text can carry at most 4 accent marks on one letter.' using errcode = 'P0001';
      else null;
    end case;
  end if;
  return new;
end $$;
revoke execute on function app_private.my_users_text_guard() from public;

create trigger my_users_text_guard before insert or update of username, user_about on public.my_users
  for each row execute function app_private.my_users_text_guard();
