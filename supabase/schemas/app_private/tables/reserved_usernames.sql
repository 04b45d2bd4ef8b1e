-- Usernames kept for the portal's own people (issue 20: students took `Admin` and `Moderator`). A
-- name is refused when it looks like one of these once _ and - are left out (app_private.
-- my_users_text_guard). Operators add their own with SQL; the starting list ships with the migrations.
-- in_part marks a staff word that is refused at the start or end of a longer name too (issue 26:
-- `Moderator_4d74`): admin, administrator, moderator, staff, support, teacher, official. Short or
-- common words (mod, root, owner, portal) are refused only as the whole name: `modern_art` is a
-- student's own.

create table app_private.reserved_usernames (
  name text primary key,
  in_part boolean not null default false,
  constraint reserved_usernames_format check (name ~ '^[a-z0-9]{2,20}$')
);
