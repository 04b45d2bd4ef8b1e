-- Every decision of the moderation desk (issue 20): who, when, what and why. A decision is never
-- edited or deleted; it is undone by a later decision that names it in `undoes` and does the
-- opposite, so the record keeps both. Written only by app_private.apply_decision, read only through
-- get_moderation_decisions: no grant to the API roles.

create table public.moderation_decisions (
  id bigint generated always as identity primary key,
  -- Null once the moderator's account is deleted: the decision and its reason stay.
  moderator_id uuid references auth.users (id) on delete set null,
  subject text not null,
  subject_id bigint not null,
  action text not null,
  reason text not null,
  created_at timestamptz not null default now(),
  undoes bigint references public.moderation_decisions (id),
  constraint moderation_decisions_subject check (subject in ('score', 'chat_report', 'takedown', 'creator_application', 'match', 'friend_invite', 'achievement')),
  constraint moderation_decisions_action check (
    (subject = 'score' and action in ('approve', 'reject'))
    or (subject = 'chat_report' and action in ('hide', 'restore'))
    or (subject = 'takedown' and action in ('resolve', 'reopen'))
    or (subject = 'creator_application' and action in ('grant', 'decline', 'reopen'))
    or (subject = 'match' and action = 'end')
    or (subject = 'friend_invite' and action = 'remove')
    or (subject = 'achievement' and action = 'revoke')
  ),
  constraint moderation_decisions_reason_length check (char_length(btrim(reason)) between 1 and 500),
  -- A decision is undone at most once; undoing the undo is a new decision about the subject.
  constraint moderation_decisions_undone_once unique (undoes)
);
create index moderation_decisions_subject_idx on public.moderation_decisions (subject, subject_id, created_at desc);
create index moderation_decisions_recent_idx on public.moderation_decisions (created_at desc);

alter table public.moderation_decisions enable row level security;

revoke all on table public.moderation_decisions from anon, authenticated;
grant select, insert, update, delete on table public.moderation_decisions to service_role;
revoke all on sequence public.moderation_decisions_id_seq from anon, authenticated;
