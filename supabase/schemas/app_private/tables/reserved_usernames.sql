-- Usernames kept for the portal's own people (issue 20: students took `Admin` and `Moderator`). A
-- name is refused when it looks like one of these once _ and - are left out (app_private.
-- my_users_text_guard). Operators add their own with SQL; the starting list ships with the migrations.

create table app_private.reserved_usernames (
  name text primary key,
  constraint reserved_usernames_format check (name ~ '^[a-z0-9]{2,20}$')
);
