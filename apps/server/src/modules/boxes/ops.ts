import type { Command } from '../../platform/ops';
import { CATALOG_COMMANDS } from './catalog-ops';
import { GRANT_COMMANDS } from './grant-ops';

/** The boxes' operator commands (box:*); merged into the ops COMMANDS table. */
export const BOXES_COMMANDS: Record<string, Command> = { ...CATALOG_COMMANDS, ...GRANT_COMMANDS };
