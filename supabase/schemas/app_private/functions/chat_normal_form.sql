-- A chat message as the word filter reads it: its folded letters (app_private.chat_folded), with each
-- blocked word found in them (app_private.chat_blocked_spans, however spelled, in any form) written
-- out as that word alone, so the filter's whole-word test (app_private.chat_messages_guard) finds
-- "fuck" in "motherfvckers" and in "f u c k u" (which reads "fuck u"). A listed word reads as itself.
-- Issue 20 had 15 of 16 common spellings getting through; issue 26 the word forms and the rest.

create or replace function app_private.chat_normal_form(p_body text) returns text
language plpgsql stable set search_path = pg_catalog as $$
declare
  v text;
  v_out text := '';
  v_next int := 1;
  v_span record;
begin
  -- The guard asks this of every listed word for each message: answered without matching.
  if exists (select 1 from app_private.chat_blocked_words b where b.word = p_body) then
    return p_body;
  end if;
  v := app_private.chat_folded(p_body);
  for v_span in
    select s.span_start, s.span_end, s.word from app_private.chat_blocked_spans(v, false) s
    order by s.span_start, s.span_end desc
  loop
    continue when v_span.span_start < v_next;
    v_out := v_out || substr(v, v_next, v_span.span_start - v_next) || ' ' || v_span.word || ' ';
    v_next := v_span.span_end;
  end loop;
  return btrim(regexp_replace(v_out || substr(v, v_next), ' {2,}', ' ', 'g'));
end $$;
revoke execute on function app_private.chat_normal_form(text) from public;
