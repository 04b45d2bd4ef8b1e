// How a game's page words an achievement's unlock rate (issue 29): "Unlocked by 12% of players". A rate
// under 1% that is not zero reads "under 1%", so a rare badge never looks like nobody's; more unlocks
// than players (a student who unlocked and stopped counting as a player) reads 100%.

export function unlockRateText(unlocks: number, players: number): string {
  if (unlocks <= 0 || players <= 0) return 'Not unlocked by anyone yet';
  const percent = Math.min(100, (unlocks / players) * 100);
  if (percent < 1) return 'Unlocked by under 1% of players';
  return `Unlocked by ${Math.round(percent)}% of players`;
}
