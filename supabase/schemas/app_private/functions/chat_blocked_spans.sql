-- Where the blocked words are in a text, and which (issue 26), the way the obscenity matcher finds
-- them: a blocked word counts inside longer words (fucks, fucked, motherfucker, fuckfuck), unless an
-- allowed word (app_private.chat_allowed_words) holds the whole of it (Scunthorpe, cocktail).
-- - p_plain: p_text is the message as written, upper case folded; each word must be spelled exactly.
-- - otherwise: p_text is the message's folded letters (app_private.chat_folded) and each word is
--   found however it is spelled (app_private.chat_word_pattern). A word read across spaces (fu ck,
--   f u c k u, f/u/c/k) counts only when it begins a word and ends one, give or take an ending
--   (fu cking): "is hit" is not "shit", "who really" is not "whore", and the u of "f u c k u" stays a
--   word of its own.
-- Spans are [span_start, span_end) in characters of p_text. Bounded work: each blocked word's pattern
-- is one pass of PostgreSQL's automaton-based matcher (no backtracking) per match found; a match that
-- does not count moves the search on by one character, one that counts past its end.

create or replace function app_private.chat_blocked_spans(p_text text, p_plain boolean)
returns table (span_start int, span_end int, word text)
language plpgsql stable set search_path = pg_catalog as $$
declare
  v_words text[];
  v_patterns text[];
  v_allowed text;
  v_allowed_start int[];
  v_allowed_end int[];
  v_at int;
  v_start int;
  v_end int;
  i int;
begin
  select array_agg(b.word order by char_length(b.word) desc, b.word),
         array_agg(case when p_plain then b.word else app_private.chat_word_pattern(b.word, true) end
                   order by char_length(b.word) desc, b.word)
    into v_words, v_patterns
    from app_private.chat_blocked_words b;
  if v_words is null or p_text !~ array_to_string(v_patterns, '|') then
    return;
  end if;
  for i in 1 .. array_length(v_words, 1) loop
    v_at := 1;
    loop
      v_start := regexp_instr(p_text, v_patterns[i], v_at);
      exit when v_start = 0;
      v_end := regexp_instr(p_text, v_patterns[i], v_at, 1, 1);
      v_at := v_start + 1;
      -- Across spaces: from the start of a word to the end of one, an ending allowed.
      continue when strpos(substr(p_text, v_start, v_end - v_start), ' ') > 0
        and not ((v_start = 1 or substr(p_text, v_start - 1, 1) = ' ')
                 and substr(p_text, v_end) ~ '^(s|es|ed|er|ers|ing|in|y)?( |$)');
      if v_allowed_start is null then
        -- The allowed words' spans, found once, when the first blocked word needs them.
        select string_agg(case when p_plain then a.word else app_private.chat_word_pattern(a.word, false) end, '|')
          into v_allowed from app_private.chat_allowed_words a;
        v_allowed_start := '{}';
        v_allowed_end := '{}';
        declare
          v_from int := 1;
          v_found int;
        begin
          while v_allowed is not null loop
            v_found := regexp_instr(p_text, v_allowed, v_from);
            exit when v_found = 0;
            v_allowed_start := v_allowed_start || v_found;
            v_allowed_end := v_allowed_end || regexp_instr(p_text, v_allowed, v_from, 1, 1);
            v_from := v_found + 1;
          end loop;
        end;
      end if;
      continue when exists (
        select 1 from unnest(v_allowed_start, v_allowed_end) as a(s, e) where a.s <= v_start and a.e >= v_end);
      span_start := v_start;
      span_end := v_end;
      word := v_words[i];
      return next;
      v_at := v_end;
    end loop;
  end loop;
end $$;
revoke execute on function app_private.chat_blocked_spans(text, boolean) from public;
