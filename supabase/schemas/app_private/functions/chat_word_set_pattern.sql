-- Each listed chat word keeps its pattern (app_private.chat_word_pattern) beside it, written as the
-- word is: building the patterns for every message cost 2 ms on PGlite even for "hi". Blocked words
-- may be read across spaces, allowed ones as written (the trigger's argument). A migration that
-- changes how words are read (chat_folded, chat_word_pattern) writes every row again.

create or replace function app_private.chat_word_set_pattern() returns trigger
language plpgsql set search_path = pg_catalog as $$
begin
  new.pattern := app_private.chat_word_pattern(new.word, tg_argv[0]::boolean);
  return new;
end $$;
revoke execute on function app_private.chat_word_set_pattern() from public;

create trigger chat_blocked_words_pattern before insert or update on app_private.chat_blocked_words
  for each row execute function app_private.chat_word_set_pattern('true');
create trigger chat_allowed_words_pattern before insert or update on app_private.chat_allowed_words
  for each row execute function app_private.chat_word_set_pattern('false');
