/**
 * Payments: PIX deposits (charges), withdrawals, PIX keys, the PSP registry and its webhook. Money moves only
 * through the ledger's API; this module owns pix_charges, withdrawals and withdraw_methods.
 */

export { DEFAULT_TWO_PERSON_ABOVE, setTwoPersonAbove, twoPersonAbove } from './approvals';
export {
  type AdminDepositRow,
  type DepositKey,
  type DepositSearch,
  type DepositStatus,
  findDeposit,
  refundDeposit,
  searchDeposits,
} from './deposit-admin';
export { confirmCharge, createDeposit, PIX_EXPIRY_SECONDS, type PixDeps } from './deposits';
export { PAYMENT_JOBS } from './jobs';
export { devPixPage, walletModule } from './plugin';
export { type PromotionHooks, usePromotionHooks } from './promotion-hooks';
export { InvalidPixKey, type PixProvider, PspUnavailable } from './psp/provider';
export { PSP_REGISTRY } from './psp/registry';
export { findForReview, listReviewQueue, type QueueKey, type ReviewRow } from './review-queue';
export { runtimeFor, type WalletRuntime } from './runtime';
export { normalizePixKey, processPayouts, reviewWithdrawal, WITHDRAW_STATUS } from './withdrawals';
