-- The words the chat masks (app_private.mask_blocked_words). Operators add or remove words with SQL
-- (service role); lowercase letters and digits only, so a word can go into a regular expression as
-- it is. The starting list ships as reference data in the baseline migration.

create table app_private.chat_blocked_words (
  word text primary key,
  constraint chat_blocked_words_format check (word ~ '^[a-z0-9]{2,40}$')
);
