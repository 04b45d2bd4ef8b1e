-- A student asks for the creator tools (issue 20): what they want to make (1 to 500 characters, no
-- text-direction controls, not blank-looking) and, if they have one, the channel they make it on, by
-- the rules of creator_socials (a platform of its list, a handle of letters, digits, _ . -). The limits
-- of app_private.creator_application_refusal apply; each refusal says why and changes nothing. Returns
-- the new application's id; it waits for a moderator at the desk.

create or replace function public.submit_creator_application(p_pitch text, p_platform text default null, p_handle text default null)
returns bigint
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_pitch text := app_private.trim_white_space(coalesce(p_pitch, ''));
  v_platform text := nullif(app_private.trim_white_space(coalesce(p_platform, '')), '');
  v_handle text := nullif(ltrim(app_private.trim_white_space(coalesce(p_handle, '')), '@'), '');
  v_refusal text;
  v_id bigint;
begin
  if v_pitch = '' or app_private.text_problem(v_pitch) = 'blank' then
    raise exception 'Say in a few words what you want to make.' using errcode = '22023';
  end if;
  if app_private.text_problem(v_pitch) = 'direction' then
    raise exception 'Your pitch cannot contain text-direction controls.' using errcode = '22023';
  end if;
  if char_length(v_pitch) > 500 then
    raise exception 'Your pitch can be at most 500 characters.' using errcode = '22023';
  end if;
  if v_handle is not null and v_platform is null
    or v_platform not in ('youtube', 'tiktok', 'twitch', 'instagram', 'x', 'other') then
    raise exception 'Choose the platform of your channel: YouTube, TikTok, Twitch, Instagram, X or Other.' using errcode = '22023';
  end if;
  if v_platform is not null and v_handle is null then
    raise exception 'Enter your channel''s handle, or choose no channel.' using errcode = '22023';
  end if;
  if char_length(v_handle) > 100 or v_handle !~ '^[A-Za-z0-9_.-]+$' then
    raise exception 'A handle is up to 100 letters, digits, _ . or - (leave out the @ and the web address).' using errcode = '22023';
  end if;
  -- A second tab or a double click waits here, then meets the application the first one sent.
  perform app_private.lock_profile(v_uid);
  v_refusal := app_private.creator_application_refusal(v_uid);
  if v_refusal is not null then
    raise exception '%', v_refusal using errcode = 'P0001';
  end if;
  insert into public.creator_applications (user_id, pitch, platform, handle)
    values (v_uid, v_pitch, v_platform, v_handle)
    returning id into v_id;
  return v_id;
end $$;
revoke execute on function public.submit_creator_application(text, text, text) from public, anon;
grant execute on function public.submit_creator_application(text, text, text) to authenticated, service_role;
