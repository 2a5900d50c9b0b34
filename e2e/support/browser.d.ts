import { type Browser } from 'playwright-core';
export declare const chromiumPath: string | null;
/**
 * The system Chromium (never a downloaded one). Hosts ending in .test resolve to this machine, so a test can
 * visit several tenants' hosts on the one local server.
 */
export declare function launch(): Promise<Browser>;
/** Outside CI a machine without Chromium skips the browser suite, and says so; in CI it is required. */
export declare const browserAvailable: boolean;
