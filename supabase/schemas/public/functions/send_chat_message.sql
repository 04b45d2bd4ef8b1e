-- Posts a chat message (issue #8) with an idempotency key, so the offline outbox can resend a message
-- whose answer was lost without posting it twice. The body is trimmed of every white space the page's
-- String.prototype.trim strips (app_private.trim_white_space); the insert then passes the chat
-- trigger (app_private.chat_messages_guard: blocked words, rate limit) like a direct insert does.

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
revoke execute on function public.send_chat_message(text, uuid) from public, anon;
grant execute on function public.send_chat_message(text, uuid) to authenticated, service_role;
