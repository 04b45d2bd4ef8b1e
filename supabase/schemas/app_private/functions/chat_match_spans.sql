-- Where a pattern matches in a text, as one array of start and end positions: {start1, end1, start2,
-- end2, ...}, each match [start, end) in characters, not overlapping, left to right. Two passes over
-- the text whatever the number of matches (the matches, then the text between them), where
-- regexp_instr would read the whole text again for each match (issue 26, chat_blocked_spans).
-- The pattern must not match the empty string and must hold no capturing group.

create or replace function app_private.chat_match_spans(p_text text, p_pattern text) returns int[]
language plpgsql immutable set search_path = pg_catalog as $$
declare
  v_matches text[];
  v_between text[];
  v_spans int[] := '{}';
  v_at int := 1;
  i int;
begin
  select array_agg(m.r[1] order by m.n) into v_matches
    from regexp_matches(p_text, p_pattern, 'g') with ordinality as m(r, n);
  if v_matches is null then
    return v_spans;
  end if;
  v_between := regexp_split_to_array(p_text, p_pattern);
  for i in 1 .. cardinality(v_matches) loop
    v_at := v_at + char_length(v_between[i]);
    v_spans := v_spans || v_at || v_at + char_length(v_matches[i]);
    v_at := v_at + char_length(v_matches[i]);
  end loop;
  return v_spans;
end $$;
revoke execute on function app_private.chat_match_spans(text, text) from public;
