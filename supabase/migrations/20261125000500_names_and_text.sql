-- Names and text that cannot pass for someone else's (issue 20).
--
-- Why: students took `aIice` beside `alice`, and `Admin` and `Moderator`; right-to-left overrides and
-- text made only of zero-width characters were stored in about texts and chat. Now:
-- - usernames are unique by their look-alike skeleton too (I and 1 read as l, 0 as o, rn as m, vv as
--   w), beside the case-blind unique index (app_rls.username_skeleton: the index calls it for whoever
--   writes a name, so the service role gets usage on app_rls too);
-- - names that look like a reserved one (app_private.reserved_usernames, which operators extend) are
--   refused, on every way in (a trigger on my_users);
-- - about texts and chat messages with text-direction controls, or nothing but zero-width
--   characters, are refused. Rows stored before keep their text until it is next changed;
-- - chat's word filter also reads each message in a normal form (app_private.chat_normal_form):
--   15 of 16 common spellings of a blocked word (sh1t, f u c k, zero-width joiners, Cyrillic or
--   full-width letters) got past the masking; such a message is now refused.

create table app_private.reserved_usernames (
  name text primary key,
  constraint reserved_usernames_format check (name ~ '^[a-z0-9]{2,20}$')
);

insert into app_private.reserved_usernames (name) values
  ('admin'), ('administrator'), ('moderator'), ('mod'), ('staff'), ('support'), ('system'), ('root'),
  ('operator'), ('owner'), ('official'), ('teacher'), ('hollowed'), ('hollowedportal'), ('portal');

grant usage on schema app_rls to service_role;

create or replace function app_rls.username_skeleton(p_name text) returns text
language sql immutable strict set search_path = pg_catalog as $$
  select replace(replace(lower(translate(p_name, 'I10', 'llo')), 'rn', 'm'), 'vv', 'w')
$$;
revoke execute on function app_rls.username_skeleton(text) from public;
grant execute on function app_rls.username_skeleton(text) to authenticated, service_role;

-- A profile folder that already holds look-alikes keeps the oldest name; each later one gets a
-- suffix of its own, so the unique index can be built.
update public.my_users u
set username = left(u.username, 15) || '_' || substr(md5(u.user_id::text), 1, 4)
where exists (
  select 1 from public.my_users o
  where app_rls.username_skeleton(o.username) = app_rls.username_skeleton(u.username)
    and (o.created_at, o.user_id) < (u.created_at, u.user_id)
);
create unique index my_users_username_skeleton_key on public.my_users (app_rls.username_skeleton(username));

create or replace function app_private.text_problem(p_text text) returns text
language sql immutable set search_path = pg_catalog as $$
  select case
    when p_text is null or p_text = '' then null
    when p_text ~ '[\u202a-\u202e\u2066-\u2069]' then 'direction'
    when regexp_replace(p_text, '[\s\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u2060-\u2064\u3000\ufeff]', '', 'g') = '' then 'blank'
  end
$$;
revoke execute on function app_private.text_problem(text) from public;

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

create or replace function app_private.chat_normal_form(p_body text) returns text
language plpgsql immutable set search_path = pg_catalog as $$
declare
  v text := normalize(p_body, NFKD);
begin
  v := regexp_replace(v, '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f\u200b-\u200f\u2060-\u2064\ufeff\u00ad]', '', 'g');
  -- lower() folds ASCII only in a C-collated database: look-alike letters are listed in both cases.
  v := lower(translate(normalize(v, NFKC), 'АЕОРСУХІЈЅКМТВНΑΒΕΗΙΚΜΝΟΡΤΥΧΖаеорсухіјѕԁһкмтвнωαοερτυνικ', 'aeopcyxijskmtbhabehikmnoptyxzaeopcyxijsdhkmtbhwaoeptuvik'));
  v := translate(v, '01!|34@57+$', 'oiiieaastts');
  v := regexp_replace(v, '([a-z])\1{2,}', '\1', 'g');
  -- Single letters with separators between them, joined: "f u c k" -> "fuck".
  v := regexp_replace(v, '\m([a-z])[\s._\-*~,]+(?=[a-z]\M)', '\1', 'g');
  return v;
end $$;
revoke execute on function app_private.chat_normal_form(text) from public;

create or replace function app_private.chat_messages_guard() returns trigger
language plpgsql security definer set search_path = public as $$
declare
  -- Read once per message: the filter below tests it against every blocked word.
  v_normal text;
begin
  new.body := app_private.trim_white_space(app_private.mask_blocked_words(new.body));
  -- A message of nothing but zero-width characters shows as a blank, as an empty one would.
  if app_private.text_problem(new.body) = 'blank' or new.body = '' then
    raise exception 'Write something before sending.' using errcode = '22023';
  end if;
  if app_private.text_problem(new.body) = 'direction' then
    raise exception 'Messages cannot contain text-direction controls.' using errcode = '22023';
  end if;
  -- A blocked word written to slip past the masking above (sh1t, f u c k, look-alike letters, zero-width
  -- characters between its letters) is found in the message's normal form, and the message refused.
  v_normal := app_private.chat_normal_form(new.body);
  if exists (
    select 1 from app_private.chat_blocked_words w
    where v_normal ~ ('\m' || app_private.chat_normal_form(w.word) || '\M')
  ) then
    raise exception 'That message has a word that is not allowed in chat. Write it another way.' using errcode = 'P0001';
  end if;
  -- Two tabs of one user sending at once must not both slip under the limit.
  perform pg_advisory_xact_lock(hashtext('chat_rate:' || new.user_id::text));
  if (select count(*) from public.chat_messages m
      where m.user_id = new.user_id and m.created_at > now() - interval '10 seconds') >= 5 then
    raise exception 'You are sending messages too fast: at most 5 messages every 10 seconds. Wait a moment and try again.'
      using errcode = 'P0001';
  end if;
  return new;
end $$;
revoke execute on function app_private.chat_messages_guard() from public;


create or replace function public.update_profile(
  p_username text, p_icon text, p_user_about text, p_client_id uuid
) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_result jsonb;
  v_profile public.my_users;
begin
  v_result := app_private.begin_mutation(v_uid, p_client_id, 'update_profile');
  if v_result is not null then
    return v_result;
  end if;
  v_profile := app_private.lock_profile(v_uid);

  if p_username is not null then
    if p_username !~ '^[A-Za-z0-9_-]{3,20}$' then
      raise exception 'Usernames are 3 to 20 letters, digits, _ or -.' using errcode = 'P0001';
    end if;
    if exists (select 1 from public.my_users where lower(username) = lower(p_username) and user_id <> v_uid) then
      raise exception 'That username is already taken. Please choose another one.' using errcode = 'P0001';
    end if;
    if exists (
      select 1 from public.my_users
      where app_rls.username_skeleton(username) = app_rls.username_skeleton(p_username) and user_id <> v_uid
    ) then
      raise exception 'That username looks too much like one already taken. Please choose another one.' using errcode = 'P0001';
    end if;
  end if;
  if p_user_about is not null and char_length(p_user_about) > 500 then
    raise exception 'The about text can be at most 500 characters.' using errcode = 'P0001';
  end if;
  if p_icon is not null and p_icon !~ '^default_[a-z0-9_]{1,40}$' and not exists (
    select 1 from public.items_unlocked where user_id = v_uid and item = p_icon and type = 'icon'
  ) then
    raise exception 'You do not own that icon.' using errcode = 'P0001';
  end if;

  begin
    update public.my_users set
      username = coalesce(p_username, username),
      icon = coalesce(p_icon, icon),
      user_about = case when p_user_about is null then user_about else nullif(p_user_about, '') end
    where user_id = v_uid
    returning * into v_profile;
  exception when unique_violation then
    -- Two students racing for one name: the loser hears the same as if it had been taken before.
    raise exception 'That username is already taken. Please choose another one.' using errcode = 'P0001';
  end;

  return app_private.finish_mutation(v_uid, p_client_id, jsonb_build_object(
    'username', v_profile.username, 'icon', v_profile.icon, 'user_about', v_profile.user_about));
end $$;
revoke execute on function public.update_profile(text, text, text, uuid) from public, anon;
grant execute on function public.update_profile(text, text, text, uuid) to authenticated, service_role;
