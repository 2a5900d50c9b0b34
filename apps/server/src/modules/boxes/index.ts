/**
 * Mystery boxes: the tenant's boxes and their immutable published versions (price, prize table, odds), purchases,
 * provably fair openings on the player's Originals seed pair, selling boxes and prizes back, and boxes granted by
 * missions, VIP levels and the operator. Money moves only through the ledger; responsible gaming binds every
 * purchase. app.ts, the ops CLI and the modules that grant boxes (missions, vip) use this file only.
 */

export { type BoxRow, type BoxVersion, findBox, loadVersion } from './catalog';
export {
  type BoxListing,
  type BoxPreview,
  boxTenant,
  createBox,
  listBoxes,
  listBoxVersions,
  previewBoxSpec,
  publishBox,
  retireBox,
} from './catalog-service';
export { boxGrantProblem, type GrantBox, grantBox } from './grants';
export { BOXES_COMMANDS } from './ops';
export { boxesRoutes } from './routes';
export { seedDemoBoxes } from './seed';
