-- The white space of ECMAScript's trim: tab to carriage return, space, no-break space and the
-- Unicode space separators, line and paragraph separators, and the byte-order mark.
--
-- Chat used btrim, which strips spaces only, so a message of "\n\n" posted a blank message. Both ways
-- in (send_chat_message and a direct insert through the API) now trim every white space the page's
-- String.prototype.trim does.

create or replace function app_private.trim_white_space(p_text text) returns text
language sql immutable set search_path = pg_catalog as $$
  select regexp_replace(
    p_text,
    '^[\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+|[\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$',
    '', 'g')
$$;
revoke execute on function app_private.trim_white_space(text) from public;
