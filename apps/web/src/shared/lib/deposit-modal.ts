import { create } from 'zustand';

/**
 * Whether the deposit modal is open. Tiny on purpose: the header imports it on every page; shared because the
 * realtime wallet listener confirms an open modal's charge as soon as PaymentApproved arrives.
 */
export const useDepositModal = create<{
  open: boolean;
  approvedTxid: string | null;
  welcome: boolean;
  /** A coupon code the modal opens with (a deposit-match coupon checked on /bonus), or null. */
  coupon: string | null;
}>(() => ({
  open: false,
  approvedTxid: null,
  welcome: false,
  coupon: null,
}));
export const openDeposit = () =>
  useDepositModal.setState({ open: true, approvedTxid: null, welcome: false, coupon: null });
/** Right after sign-up: the deposit modal greets the new player and asks for the first deposit. */
export const openWelcomeDeposit = () =>
  useDepositModal.setState({ open: true, approvedTxid: null, welcome: true, coupon: null });
/** A deposit-match coupon's "deposit with it": the modal opens with the code in its coupon field. */
export const openDepositWithCoupon = (code: string) =>
  useDepositModal.setState({ open: true, approvedTxid: null, welcome: false, coupon: code });
export const closeDeposit = () =>
  useDepositModal.setState({ open: false, approvedTxid: null, welcome: false, coupon: null });
/** A PaymentApproved event arrived (realtime): the open modal confirms its charge at once instead of at its next poll. */
export const markDepositApproved = (txid: string) => useDepositModal.setState({ approvedTxid: txid });
