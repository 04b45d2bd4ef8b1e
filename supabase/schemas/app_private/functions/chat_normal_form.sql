-- A chat message as the word filter reads it (issue 20: 15 of 16 common spellings of a blocked word
-- got through). Spelled out so each trick has its step: compatibility forms folded (NFKC: full-width
-- letters, ligatures, circled letters), lower case, accents and other combining marks and zero-width
-- characters dropped, the Cyrillic and Greek letters that look Latin read as Latin, leetspeak read as
-- letters (0 o, 1 ! | i, 3 e, 4 @ a, 5 $ s, 7 + t), a letter written three or more times in a row read
-- once, and single letters split by spaces or punctuation ("f u c k", "f.u.c.k") joined again. Words
-- stay apart otherwise, so "is hit" is not "ishit".

create or replace function app_private.chat_normal_form(p_body text) returns text
language plpgsql immutable set search_path = pg_catalog as $$
declare
  v text := normalize(p_body, NFKD);
begin
  v := regexp_replace(v, '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f\u200b-\u200f\u2060-\u2064\ufeff\u00ad]', '', 'g');
  -- lower() folds ASCII only in a C-collated database: look-alike letters are listed in both cases.
  v := lower(translate(normalize(v, NFKC), 'АЕОРСУХІЈЅКМТВНΑΒΕΗΙΚΜΝΟΡΤΥΧΖаеорсухіјѕԁһкмтвнωαοερτυνικ', 'aeopcyxijskmtbhabehikmnoptyxzaeopcyxijsdhkmtbhwaoeptuvik'));
  v := translate(v, '01!|34@57+$', 'oiiieaastts');
  v := regexp_replace(v, '([a-z])\1{2,}', '\1', 'g');
  -- Single letters with separators between them, joined: "f u c k" -> "fuck".
  v := regexp_replace(v, '\m([a-z])[\s._\-*~,]+(?=[a-z]\M)', '\1', 'g');
  return v;
end $$;
revoke execute on function app_private.chat_normal_form(text) from public;
