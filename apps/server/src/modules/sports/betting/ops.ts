import type { Command } from '../../../platform/ops';

export const BETTING_COMMANDS: Record<string, Command> = {};
