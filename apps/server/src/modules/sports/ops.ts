import type { Command } from '../../platform/ops';
import { BETBY_COMMANDS } from './betby/ops';
import { BETTING_COMMANDS } from './betting/ops';
import { FEED_COMMANDS } from './feed/ops';

/** The sportsbook's operator commands (sports:*, betby:*); merged into the ops COMMANDS table. */
export const SPORTS_COMMANDS: Record<string, Command> = { ...FEED_COMMANDS, ...BETTING_COMMANDS, ...BETBY_COMMANDS };
