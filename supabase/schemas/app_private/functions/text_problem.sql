-- What is wrong with a student's free text shown to others (a username, the about text, a chat
-- message), or null (issue 20): right-to-left overrides, embeddings and isolates, which make text
-- read in another order than it was written (a name that displays as someone else's, a message that
-- hides a word from the filter), and text that is nothing but white space and zero-width characters,
-- which shows as a blank. Empty text is no problem here: each caller decides whether it may be empty.
-- 'marks': more than 4 combining marks stacked on one character (issue 26: a chat message of 480 marks
-- on one letter was stored, a tower drawn over the lines around it). Vietnamese stacks 2, Thai and
-- pointed Hebrew at most 3 or 4; the count runs over the combining blocks (diacritics, their
-- extensions and supplement, marks for symbols, half marks, Cyrillic, Hebrew, Arabic and Thai marks),
-- with invisible joiners and variation selectors between them counted as nothing.

create or replace function app_private.text_problem(p_text text) returns text
language sql immutable set search_path = pg_catalog as $$
  select case
    when p_text is null or p_text = '' then null
    when p_text ~ '[\u202a-\u202e\u2066-\u2069]' then 'direction'
    when regexp_replace(p_text, '[\s\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u2060-\u2064\u3000\ufeff]', '', 'g') = '' then 'blank'
    when p_text ~ '(?:[\u0300-\u036f\u0483-\u0489\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7\u0610-\u061a\u064b-\u065f\u0670\u0e31\u0e34-\u0e3a\u0e47-\u0e4e\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f][\u200b-\u200d\u2060\ufe00-\ufe0f]*){5}' then 'marks'
  end
$$;
revoke execute on function app_private.text_problem(text) from public;
