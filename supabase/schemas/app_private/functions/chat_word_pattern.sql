-- The regular expression that finds a listed chat word (blocked or allowed) in a message's folded
-- letters (app_private.chat_folded), however it was spelled (issue 26):
-- - each letter also matches what stands for it after folding: * for a vowel (f*ck), v for u (fvck),
--   i and l for each other (1 and | fold to i), q for g;
-- - a letter written once may be written any number of times (fuuuck), one written twice at least
--   twice, so a doubled letter keeps the word apart from its neighbours (nigger is not niger);
-- - with p_split, a single space may stand between any two letters (fu ck, f u c k: which splits
--   count is app_private.chat_blocked_spans's decision). A space in the word itself must be there.
-- Only [a-z0-9 *] reach the expression, so nothing in it needs escaping.

create or replace function app_private.chat_word_pattern(p_word text, p_split boolean) returns text
language sql immutable set search_path = pg_catalog as $$
  select string_agg(
    case r.m[1]
      when ' ' then ' '
      else
        case r.m[2]
          when 'a' then '[a*]' when 'e' then '[e*]' when 'o' then '[o*]'
          when 'i' then '[il*]' when 'l' then '[li]' when 'u' then '[uv*]' when 'g' then '[gq]'
          else r.m[2]
        end
        || case when char_length(r.m[1]) = 1 then '+' else '{' || char_length(r.m[1]) || ',}' end
    end,
    case when p_split then ' ?' else '' end order by r.n)
  from regexp_matches(app_private.chat_folded(p_word), '( |([a-z0-9])\2*)', 'g') with ordinality as r(m, n)
$$;
revoke execute on function app_private.chat_word_pattern(text, boolean) from public;
