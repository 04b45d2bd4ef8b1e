import { useLiveQuery } from 'dexie-react-hooks';
import { readOwnProfile, type OwnProfile } from '../../data/reads/ownProfile.ts';
import type { DataSource } from '../../data/source.ts';

/** The signed-in student's profile from the Dexie mirror (undefined while reading, null when none is mirrored yet). */
export function useOwnProfile(data: DataSource | null, userId: string | undefined): OwnProfile | null | undefined {
  return useLiveQuery(() => (data === null || userId === undefined ? undefined : readOwnProfile(data, userId)), [data, userId]);
}
