// Whether a token may join a private Realtime topic, asked of the database the way Supabase Realtime
// asks it (Realtime.Tenants.Authorization.get_read_authorizations): in one transaction, store a probe
// row of the topic as the owner, then as the token's role, with its claims and realtime.topic() set,
// read that row back; roll everything back. The policies on realtime.messages decide, nothing here.
import { randomUUID } from 'node:crypto';
import type { Database } from './database.ts';
import type { ApiRole, Claims } from './jwt.ts';
import { DEVICE_HEADER } from './request.ts';

export interface JoinAsker {
  role: ApiRole;
  claims: Claims;
  /** The address the websocket came from, as request.headers carries it for REST. */
  address: string;
}

/** True when the policies let `asker` read broadcasts of `topic` (the topic without `realtime:`). */
export function mayReadTopic(db: Database, topic: string, asker: JoinAsker): Promise<boolean> {
  return db.run(async (tx) => {
    const probe = randomUUID();
    await tx.query(`insert into realtime.messages (id, topic, extension) values ($1, $2, 'broadcast')`, [probe, topic]);
    await tx.query(
      `select set_config('role', $1, true), set_config('realtime.topic', $2, true), set_config('request.jwt.claims', $3, true),
              set_config('request.jwt.claim.sub', $4, true), set_config('request.jwt.claim.role', $5, true),
              set_config('request.headers', $6, true)`,
      [
        asker.role,
        topic,
        JSON.stringify(asker.claims),
        typeof asker.claims.sub === 'string' ? asker.claims.sub : '',
        asker.role,
        JSON.stringify({ [DEVICE_HEADER]: asker.address }),
      ],
    );
    const { rows } = await tx.query('select id from realtime.messages where id = $1', [probe]);
    await tx.rollback();
    return rows.length === 1;
  });
}
