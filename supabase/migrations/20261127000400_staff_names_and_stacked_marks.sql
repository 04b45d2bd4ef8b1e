-- Staff-looking names inside a longer username, and stacked marks, are refused (issue 26).
--
-- Why: a student took `Moderator_4d74` (reserved names were refused only as the whole name), and a chat
-- message of 480 combining marks stacked on one letter was stored, drawn as a tower over the chat. Now:
-- - reserved_usernames.in_part marks the staff words (admin, administrator, moderator, staff, support,
--   teacher, official) that are refused at the start or the end of a longer name as well, read with
--   digits as letters and l as i (app_private.staff_form), and again with the digits left out:
--   `Moderator_4d74`, `m0d3rator_7`, `the_4dmin`, `123admin456`. A word inside a name stays a student's
--   own (`badminton_ace`, `admiral_ann`), as do the short reserved words (`modern_art`);
-- - app_private.text_problem says 'marks' for more than 4 combining marks on one character (Vietnamese
--   stacks 2, Thai and pointed Hebrew at most 3 or 4), refused in words in the about text
--   (my_users_text_guard) and in chat (chat_messages_text_guard, a trigger of its own after
--   chat_messages_guard). Texts stored before keep theirs until next changed.

alter table app_private.reserved_usernames add column in_part boolean not null default false;
update app_private.reserved_usernames set in_part = true
where name in ('admin', 'administrator', 'moderator', 'staff', 'support', 'teacher', 'official');

create or replace function app_private.staff_form(p_name text) returns text
language sql immutable strict set search_path = pg_catalog as $$
  select replace(replace(translate(lower(p_name), '013457l', 'oieasti'), 'rn', 'm'), 'vv', 'w')
$$;
revoke execute on function app_private.staff_form(text) from public;

create or replace function app_private.text_problem(p_text text) returns text
language sql immutable set search_path = pg_catalog as $$
  select case
    when p_text is null or p_text = '' then null
    when p_text ~ '[\u202a-\u202e\u2066-\u2069]' then 'direction'
    when regexp_replace(p_text, '[\s\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u2060-\u2064\u3000\ufeff]', '', 'g') = '' then 'blank'
    when p_text ~ '(?:[\u0300-\u036f\u0483-\u0489\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7\u0610-\u061a\u064b-\u065f\u0670\u0e31\u0e34-\u0e3a\u0e47-\u0e4e\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f][\u200b-\u200d\u2060\ufe00-\ufe0f]*){5}' then 'marks'
  end
$$;
revoke execute on function app_private.text_problem(text) from public;

create or replace function app_private.chat_messages_text_guard() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  if app_private.text_problem(new.body) = 'marks' then
    raise exception 'Messages can carry at most 4 accent marks on one letter.' using errcode = '22023';
  end if;
  return new;
end $$;
revoke execute on function app_private.chat_messages_text_guard() from public;

create trigger chat_messages_text_guard before insert on public.chat_messages
  for each row execute function app_private.chat_messages_text_guard();

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
