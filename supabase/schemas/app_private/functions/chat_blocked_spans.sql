-- Where the blocked words are in a text, and which (issue 26), the way the obscenity matcher finds
-- them: a blocked word counts inside longer words (fucks, fucked, motherfucker, fuckfuck), unless an
-- allowed word (app_private.chat_allowed_words) holds the whole of it (Scunthorpe, cocktail).
-- - p_plain: p_text is the message as written, upper case folded; each word must be spelled exactly.
-- - otherwise: p_text is the message's folded letters (app_private.chat_folded) and each word is
--   found however it is spelled (app_private.chat_word_pattern). A word read across spaces (fu ck,
--   f u c k u, f/u/c/k) counts only when it begins a word and ends one, give or take an ending
--   (fu cking): "is hit" is not "shit", "who really" is not "whore", and the u of "f u c k u" stays a
--   word of its own.
-- A word marked at_word_start counts only where a word begins (rape, not wrapped).
-- Spans are [span_start, span_end) in characters of p_text. Bounded work: every pattern (each blocked
-- word's, and each allowed word's that holds a blocked word found) takes two passes of PostgreSQL's
-- automaton-based matcher over the text (no backtracking), its matches and the text between them,
-- whatever the number of matches: regexp_instr reads the whole text again for each match it is asked
-- for (70 ms for "cocktail" 62 times on PGlite). Matches do not overlap, as a /g search finds them.

create or replace function app_private.chat_blocked_spans(p_text text, p_plain boolean)
returns table (span_start int, span_end int, word text)
language plpgsql stable set search_path = pg_catalog as $$
declare
  v_words text[];
  v_patterns text[];
  v_at_word_start boolean[];
  v_found int[];
  v_cover int[];
  v_cover_start int[];
  v_cover_end int[];
  v_allowed text;
  v_held_to int;
  i int;
  j int;
  k int;
begin
  select array_agg(b.word order by char_length(b.word) desc, b.word),
         array_agg(case when p_plain then b.word else b.pattern end
                   order by char_length(b.word) desc, b.word),
         array_agg(b.at_word_start order by char_length(b.word) desc, b.word)
    into v_words, v_patterns, v_at_word_start
    from app_private.chat_blocked_words b;
  if v_words is null or not p_plain and p_text !~ array_to_string(v_patterns, '|') then
    return;
  end if;
  for i in 1 .. array_length(v_words, 1) loop
    -- A word written as it is needs no regular expression to be ruled out (PostgreSQL keeps only 32
    -- compiled, and the guard's own whole-word tests take 20 of them).
    continue when p_plain and strpos(p_text, v_words[i]) = 0;
    -- A test that it is there at all is much cheaper than finding where (no query to run).
    continue when not p_plain and p_text !~ v_patterns[i];
    v_found := app_private.chat_match_spans(p_text, v_patterns[i]);
    continue when cardinality(v_found) = 0;
    -- Where the allowed words that hold this blocked word are. One pattern at a time: PostgreSQL's
    -- matcher slows badly on one alternation of all of them (65 ms for "sh sh sh ... it" on PGlite).
    v_cover := '{}';
    for v_allowed in
      select case when p_plain then a.word else a.pattern end
      from app_private.chat_allowed_words a
      where case when p_plain then strpos(a.word, v_words[i]) > 0 and strpos(p_text, a.word) > 0 else a.word ~ v_patterns[i] end
    loop
      continue when not p_plain and p_text !~ v_allowed;
      v_cover := v_cover || app_private.chat_match_spans(p_text, v_allowed);
    end loop;
    select coalesce(array_agg(v_cover[2 * c - 1] order by v_cover[2 * c - 1]), '{}'),
           coalesce(array_agg(v_cover[2 * c] order by v_cover[2 * c - 1]), '{}')
      into v_cover_start, v_cover_end
      from generate_series(1, cardinality(v_cover) / 2) as c;
    -- Matches and allowed spans both in order of their starts: the furthest end of the allowed spans
    -- begun by a match's start tells whether one holds the match.
    v_held_to := 0;
    k := 1;
    for j in 1 .. cardinality(v_found) / 2 loop
      span_start := v_found[2 * j - 1];
      span_end := v_found[2 * j];
      while k <= cardinality(v_cover_start) and v_cover_start[k] <= span_start loop
        v_held_to := greatest(v_held_to, v_cover_end[k]);
        k := k + 1;
      end loop;
      continue when v_at_word_start[i] and span_start > 1
        and strpos('abcdefghijklmnopqrstuvwxyz0123456789*', substr(p_text, span_start - 1, 1)) > 0;
      -- Across spaces: from the start of a word to the end of one, an ending allowed.
      continue when strpos(substr(p_text, span_start, span_end - span_start), ' ') > 0
        and not ((span_start = 1 or substr(p_text, span_start - 1, 1) = ' ')
                 and substr(p_text, span_end) ~ '^(s|es|ed|er|ers|ing|in|y)?( |$)');
      continue when v_held_to >= span_end;
      word := v_words[i];
      return next;
    end loop;
  end loop;
end $$;
revoke execute on function app_private.chat_blocked_spans(text, boolean) from public;
