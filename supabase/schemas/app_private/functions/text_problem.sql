-- What is wrong with a student's free text shown to others (a username, the about text, a chat
-- message), or null (issue 20): right-to-left overrides, embeddings and isolates, which make text
-- read in another order than it was written (a name that displays as someone else's, a message that
-- hides a word from the filter), and text that is nothing but white space and zero-width characters,
-- which shows as a blank. Empty text is no problem here: each caller decides whether it may be empty.

create or replace function app_private.text_problem(p_text text) returns text
language sql immutable set search_path = pg_catalog as $$
  select case
    when p_text is null or p_text = '' then null
    when p_text ~ '[\u202a-\u202e\u2066-\u2069]' then 'direction'
    when regexp_replace(p_text, '[\s\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u2060-\u2064\u3000\ufeff]', '', 'g') = '' then 'blank'
  end
$$;
revoke execute on function app_private.text_problem(text) from public;
