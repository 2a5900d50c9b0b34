import type { Command } from '../../platform/ops';
import { BETTING_COMMANDS } from './betting/ops';
import { FEED_COMMANDS } from './feed/ops';

/** The sportsbook's operator commands (sports:*); merged into the ops COMMANDS table. */
export const SPORTS_COMMANDS: Record<string, Command> = { ...FEED_COMMANDS, ...BETTING_COMMANDS };
