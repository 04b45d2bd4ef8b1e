-- Whether JSON text nests lists and objects more than p_max deep (issue 26: a 16,000-deep game save
-- was stored). Read from the text before it is parsed: the strings are left out, then each round
-- removes the innermost lists and objects, so the answer takes at most p_max + 1 passes over the text,
-- never a recursion as deep as the text.

create or replace function app_private.json_too_deep(p_text text, p_max integer) returns boolean
language plpgsql immutable set search_path = pg_catalog as $$
declare
  v_rest text := regexp_replace(regexp_replace(p_text, '"(?:[^"\\]|\\.)*"', '', 'g'), '[^][{}]', '', 'g');
  v_next text;
begin
  for i in 1 .. p_max + 1 loop
    if v_rest = '' then
      return false;
    end if;
    v_next := regexp_replace(v_rest, '\[\]|\{\}', '', 'g');
    if v_next = v_rest then
      -- Brackets that do not pair: not JSON, which the caller's parse says, unless they open deeper
      -- than allowed, which the parse must not be left to find.
      return v_rest ~ ('[[{]{' || (p_max + 1) || ',}');
    end if;
    v_rest := v_next;
  end loop;
  return true;
end $$;
revoke execute on function app_private.json_too_deep(text, integer) from public;
