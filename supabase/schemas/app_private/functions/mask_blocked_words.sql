-- The body with every blocked word (whole word, any case) replaced by as many asterisks.

create or replace function app_private.mask_blocked_words(p_body text) returns text
language plpgsql stable set search_path = public as $$
declare
  v_word text;
  v_out text := p_body;
begin
  for v_word in select word from app_private.chat_blocked_words loop
    v_out := regexp_replace(v_out, '\m' || v_word || '\M', repeat('*', char_length(v_word)), 'gi');
  end loop;
  return v_out;
end $$;
