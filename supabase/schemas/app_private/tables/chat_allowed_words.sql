-- Innocent words and phrases that hold a blocked word (issue 26: Scunthorpe, class, cocktail,
-- therapist), as the obscenity matcher's whitelist does: a blocked word found wholly inside an
-- allowed one is not a blocked word. A phrase with a space allows a blocked word read across two
-- words ("sh it" for "shh, it's"). Matched however it is spelled, as blocked words are
-- (app_private.chat_word_pattern). Operators add rows with SQL (service role) when an innocent word
-- is masked; lowercase letters, digits and single spaces, so a term can go into a regular expression
-- as it is. The starting list ships as reference data in the migrations.

create table app_private.chat_allowed_words (
  word text primary key,
  constraint chat_allowed_words_format check (word ~ '^[a-z0-9]+( [a-z0-9]+)*$' and char_length(word) between 2 and 40),
  -- app_private.chat_word_pattern of the word, written by a trigger (app_private.chat_word_set_pattern).
  pattern text not null
);
