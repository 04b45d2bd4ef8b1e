-- A chat message made only of line breaks or tabs slipped through: btrim strips spaces only, so
-- "\n\n" posted a blank message. Trim every white space the page's String.prototype.trim does, on
-- both ways in (send_chat_message and a direct insert through the API).

-- The white space of ECMAScript's trim: tab to carriage return, space, no-break space and the
-- Unicode space separators, line and paragraph separators, and the byte-order mark.
create or replace function app_private.trim_white_space(p_text text) returns text
language sql immutable set search_path = pg_catalog as $$
  select regexp_replace(
    p_text,
    '^[\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+|[\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$',
    '', 'g')
$$;
revoke execute on function app_private.trim_white_space(text) from public;

create or replace function app_private.chat_messages_guard() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  new.body := app_private.trim_white_space(app_private.mask_blocked_words(new.body));
  if new.body = '' then
    raise exception 'Write something before sending.' using errcode = '22023';
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

-- As in 20261121002500_chat_send, with the body trimmed of all white space.
create or replace function public.send_chat_message(p_body text, p_client_id uuid) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_body text := app_private.trim_white_space(coalesce(p_body, ''));
  v_row public.chat_messages;
begin
  if p_client_id is null then
    raise exception 'p_client_id is required' using errcode = '22023';
  end if;
  select * into v_row from public.chat_messages where user_id = v_uid and client_id = p_client_id;
  if found then
    return jsonb_build_object('id', v_row.id, 'body', v_row.body, 'created_at', v_row.created_at, 'client_id', v_row.client_id);
  end if;
  if v_body = '' then
    raise exception 'Write something before sending.' using errcode = '22023';
  end if;
  if char_length(v_body) > 500 then
    raise exception 'Messages can be at most 500 characters (this one has %).', char_length(v_body) using errcode = '22023';
  end if;
  insert into public.chat_messages (user_id, body, client_id) values (v_uid, v_body, p_client_id)
    returning * into v_row;
  return jsonb_build_object('id', v_row.id, 'body', v_row.body, 'created_at', v_row.created_at, 'client_id', v_row.client_id);
end $$;
