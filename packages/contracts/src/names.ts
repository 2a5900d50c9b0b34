/**
 * How one player's name appears to other players (the bet feed, rankings, multiplayer rounds, a referrer's list):
 * the first 3 characters, or 4 of a name longer than 6, then "***". Counted in code points, so an accented or emoji
 * name is never cut mid-character.
 */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  const keep = chars.length > 6 ? 4 : 3;
  return `${chars.slice(0, keep).join('')}***`;
}
