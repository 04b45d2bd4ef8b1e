-- The body with every blocked word spelled plainly (any case) masked: the whole word that holds it
-- replaced by as many asterisks, everything else kept as written. A form of the word counts (fucks,
-- FUCKED, motherfucker, fuckfuck: issue 26), a word an allowed word holds does not (Scunthorpe:
-- app_private.chat_blocked_spans). A blocked word spelled to slip past this is left for
-- app_private.chat_messages_guard, which refuses the message.

create or replace function app_private.mask_blocked_words(p_body text) returns text
language plpgsql stable set search_path = pg_catalog as $$
declare
  v_lower text := translate(p_body, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz');
  v_out text := p_body;
  v_span record;
  v_from int;
  v_to int;
begin
  for v_span in select s.span_start, s.span_end from app_private.chat_blocked_spans(v_lower, true) s loop
    v_from := v_span.span_start - char_length(substring(left(v_lower, v_span.span_start - 1) from '[a-z]*$'));
    v_to := v_span.span_end + char_length(substring(substr(v_lower, v_span.span_end) from '^[a-z]*'));
    v_out := overlay(v_out placing repeat('*', v_to - v_from) from v_from for v_to - v_from);
  end loop;
  return v_out;
end $$;
