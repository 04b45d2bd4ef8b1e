import type { GameFeatures, GameScore } from '../../domain/gameSdk.ts';

/** A score the game reported, and whether the server saw its run start in time to vouch for its play time. */
export interface PlayedScore extends GameScore {
  runSeen: boolean;
}

/** What a bundled game answers to beyond the basics (sdk:features); nothing until it says so. */
export type GameAbilities = Omit<GameFeatures, 'type'>;
export const NO_ABILITIES: GameAbilities = { currentScore: false, newGame: false };
