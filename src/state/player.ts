// The game page's one door (issue 27): a game's scores, its saves and runs, the save choice, play
// tracking and the offline-pack copy. The pages under src/features/player render what these return.
export { useAttachSaves, type AttachOutcome, type AttachSavesView } from './player/attachSaves.ts';
export { useGameSaves, type GameSaves } from './player/gameSaves.ts';
export type { GameLink } from './player/gameLink.ts';
export { useGameScores, type GameScores } from './player/gameScores.ts';
export { WITHDRAW_OFFLINE, type OwnScore, type OwnScoresView } from './player/ownScores.ts';
export { usePackCopy, type PackCopy } from './player/packCopy.ts';
export { usePlayTracking } from './player/playTracking.ts';
export { useSaveChoice, type ChoiceOutcome, type SaveChoice, type SaveChoiceView } from './player/saveChoice.ts';
export type { ScoreEntry, ScoreOutcome, ScorePlay, ScoreSubmission } from './player/scoreSubmission.ts';
export type { HighScoreRow, HighScores } from './useHighScores.ts';
