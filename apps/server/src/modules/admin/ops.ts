import type { Command } from '../../platform/ops';
import { STAFF_COMMANDS } from './staff-ops';

/** The back office's operator commands (staff:*); merged into the ops COMMANDS table. */
export const ADMIN_COMMANDS: Record<string, Command> = { ...STAFF_COMMANDS };
