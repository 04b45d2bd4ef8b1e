-- Internal helpers of the RPCs live in app_private, a schema the API roles cannot use, so PostgREST
-- never exposes them; the security-definer RPCs call them with their owner's rights.

create schema if not exists app_private;
revoke all on schema app_private from public;
