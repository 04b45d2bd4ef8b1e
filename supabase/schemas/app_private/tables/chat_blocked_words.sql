-- The words the chat keeps out (app_private.mask_blocked_words masks one spelled plainly,
-- app_private.chat_messages_guard refuses one spelled to slip past). A word is found inside longer
-- words too (fucks, motherfucker), unless an allowed word holds it (app_private.chat_allowed_words),
-- or, for a word marked at_word_start, only where a word begins (rape, not wrapped or therapeutic;
-- cock, not peacock), as the obscenity matcher marks such words.
-- Operators add or remove words with SQL (service role); lowercase letters and digits only, so a word
-- can go into a regular expression as it is. The starting list ships as reference data in the
-- migrations.

create table app_private.chat_blocked_words (
  word text primary key,
  constraint chat_blocked_words_format check (word ~ '^[a-z0-9]{2,40}$'),
  -- app_private.chat_word_pattern of the word, written by a trigger (app_private.chat_word_set_pattern).
  pattern text not null,
  at_word_start boolean not null default false
);
