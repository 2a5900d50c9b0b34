import type { Db } from '../../platform/db/index';

/** The demo tenants' three boxes. */
export async function seedDemoBoxes(_db: Db): Promise<void> {}
