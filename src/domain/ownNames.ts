/** The fields of a public row (a top list's, a high score's) that name its student. */
export interface NamedRow {
  user_id: string;
  username: string;
  icon: string | null;
}

/** What this device knows of the students who signed in on it, newer than any list it read. */
export type OwnNames = ReadonlyMap<string, { username: string; icon: string | null }>;

/**
 * Rows as the student who renamed (or changed icon) on this device should see them: a list read before
 * the change, or kept offline, still shows the old name, while the profile mirror has the new one at
 * once. Other students' rows are left as the server sent them.
 */
export function withOwnNames<T extends NamedRow>(rows: readonly T[], own: OwnNames): T[] {
  return rows.map((row) => {
    const mine = own.get(row.user_id);
    return mine === undefined || (mine.username === row.username && mine.icon === row.icon) ? row : { ...row, username: mine.username, icon: mine.icon };
  });
}
