// Grants written out, nothing from default privileges (issue 16): hosted Supabase no longer grants the
// API roles anything on new public tables, and neither do the embedded backend and these databases.
// A table that relied on the old automatic grants would work here for no role, or for too many; this
// holds each role to the list the app and the operators use, and the service role to the operators' steps.
import { describe, expect, it } from 'vitest';
import type { DbContext } from '../harness/run.ts';

/** anon and authenticated, privilege by privilege: `role table PRIVILEGE` or `role table PRIVILEGE(columns)`. */
const API_GRANTS = [
  'anon apps SELECT',
  'anon battlepass_seasons SELECT',
  'anon battlepass_tiers SELECT',
  'anon creator_socials SELECT',
  'anon creator_videos SELECT',
  'anon creators SELECT',
  'anon public_profiles SELECT',
  'anon shop_items SELECT',
  'anon takedown_requests INSERT(email,name,reason,url)',
  'authenticated apps SELECT',
  'authenticated apps_played SELECT',
  'authenticated battlepass_seasons SELECT',
  'authenticated battlepass_tiers SELECT',
  'authenticated chat_messages DELETE',
  'authenticated chat_messages INSERT(body,user_id)',
  'authenticated chat_messages SELECT',
  'authenticated chat_reports INSERT(message_id,reason,reporter_id)',
  'authenticated chat_reports SELECT',
  'authenticated client_mutations SELECT',
  'authenticated coins_transactions SELECT',
  'authenticated creator_applications SELECT',
  'authenticated creator_socials DELETE',
  'authenticated creator_socials INSERT(handle,platform,user_id)',
  'authenticated creator_socials SELECT',
  'authenticated creator_socials UPDATE(handle,platform)',
  'authenticated creator_videos DELETE',
  'authenticated creator_videos INSERT(app_id,description,social_id,title,url)',
  'authenticated creator_videos SELECT',
  'authenticated creator_videos UPDATE(app_id,description,title,url)',
  'authenticated creators SELECT',
  'authenticated game_saves SELECT',
  'authenticated items_unlocked SELECT',
  'authenticated leaderboard_submissions INSERT(app_id,score,user_id)',
  'authenticated leaderboard_submissions SELECT',
  'authenticated moderators SELECT',
  'authenticated my_users INSERT(icon,user_about,user_id,username,where_from,who_from)',
  'authenticated my_users SELECT',
  'authenticated my_users UPDATE(icon,user_about,user_id,username,where_from,who_from)',
  'authenticated public_profiles SELECT',
  'authenticated shop_items SELECT',
  'authenticated streak SELECT',
  'authenticated takedown_requests INSERT(email,name,reason,url)',
];

export function grantsSuite(ctx: DbContext): void {
  describe('grants', () => {
    const { db } = ctx;

    it('give anon and authenticated exactly what the app uses, whole tables or named columns', async () => {
      const rows = (await db.query<{ grant: string }>(
        `with whole as (
           select grantee, table_name, privilege_type from information_schema.role_table_grants
            where table_schema = 'public' and grantee in ('anon', 'authenticated')
         ), columns as (
           select grantee, table_name, privilege_type, string_agg(column_name, ',' order by column_name) as cols
             from information_schema.column_privileges c
            where table_schema = 'public' and grantee in ('anon', 'authenticated')
              and not exists (select 1 from whole w where (w.grantee, w.table_name, w.privilege_type) = (c.grantee, c.table_name, c.privilege_type))
            group by 1, 2, 3
         )
         select grantee || ' ' || table_name || ' ' || privilege_type as grant from whole
         union all
         select grantee || ' ' || table_name || ' ' || privilege_type || '(' || cols || ')' from columns
         order by 1`,
      )).rows;
      expect(rows.map((row) => row.grant)).toEqual([...API_GRANTS].sort());
    });

    it('let the service role read and change the rows of every table and read every view, for the operators', async () => {
      const missing = (await db.query<{ relation: string; privilege: string }>(
        `select c.relname as relation, p.privilege
           from pg_class c
           join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
           cross join lateral unnest(case when c.relkind = 'v' then array['SELECT'] else array['SELECT', 'INSERT', 'UPDATE', 'DELETE'] end) as p(privilege)
          where c.relkind in ('r', 'v') and not has_table_privilege('service_role', c.oid, p.privilege)
          order by 1, 2`,
      )).rows;
      expect(missing).toEqual([]);
    });

    it('give anon and authenticated nothing on any sequence, not even the setval hosted leaves by default', async () => {
      const granted = (
        await db.query<{ sequence: string; acl: string }>(
          `select c.relname as sequence, c.relacl::text as acl
             from pg_class c join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
            where c.relkind = 'S' and (has_sequence_privilege('anon', c.oid, 'select, usage, update')
               or has_sequence_privilege('authenticated', c.oid, 'select, usage, update'))`,
        )
      ).rows;
      expect(granted).toEqual([]);
    });

    it('leave no read or write to the default privileges of whoever applies the migrations', async () => {
      // Hosted keeps defaults of its own (truncate, references and trigger on tables; setval on
      // sequences), which the files above take back where they matter; reads and writes it no longer grants.
      const defaults = (
        await db.query<{ kind: string; acl: string }>(
          `select d.defaclobjtype::text as kind, d.defaclacl::text as acl
             from pg_default_acl d join pg_namespace n on n.oid = d.defaclnamespace
            where n.nspname = 'public' and d.defaclrole = current_user::regrole
              and ((d.defaclobjtype = 'r' and d.defaclacl::text ~ '(anon|authenticated|service_role)=[a-zA-Z]*[arwd]')
                or (d.defaclobjtype = 'S' and d.defaclacl::text ~ '(anon|authenticated|service_role)=[a-zA-Z]*[rU]'))`,
        )
      ).rows;
      expect(defaults).toEqual([]);
    });
  });
}
