/** The folder a bundled game's files live in: '/games/snake/index.html' -> '/games/snake/'. */
export function gameFolder(url: string): string | null {
  const match = /^\/games\/[^/]+\//.exec(url);
  return match ? match[0] : null;
}
