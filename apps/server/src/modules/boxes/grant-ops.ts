import type { Command } from '../../platform/ops';

/** box:grant. */
export const GRANT_COMMANDS: Record<string, Command> = {};
