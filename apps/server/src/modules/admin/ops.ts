import type { Command } from '../../platform/ops';
import { POPULATE_COMMANDS } from './populate';
import { STAFF_COMMANDS } from './staff-ops';

/** The back office's operator commands (staff:*, demo:populate); merged into the ops COMMANDS table. */
export const ADMIN_COMMANDS: Record<string, Command> = { ...STAFF_COMMANDS, ...POPULATE_COMMANDS };
