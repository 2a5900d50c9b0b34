import { create } from 'zustand';

/**
 * Whether the deposit modal is open. Tiny on purpose: the header imports it on every page; shared because the
 * realtime wallet listener confirms an open modal's charge as soon as PaymentApproved arrives.
 */
export const useDepositModal = create<{ open: boolean; approvedTxid: string | null; welcome: boolean }>(() => ({
  open: false,
  approvedTxid: null,
  welcome: false,
}));
export const openDeposit = () => useDepositModal.setState({ open: true, approvedTxid: null, welcome: false });
/** Right after sign-up: the deposit modal greets the new player and asks for the first deposit. */
export const openWelcomeDeposit = () => useDepositModal.setState({ open: true, approvedTxid: null, welcome: true });
export const closeDeposit = () => useDepositModal.setState({ open: false, approvedTxid: null, welcome: false });
/** A PaymentApproved event arrived (realtime): the open modal confirms its charge at once instead of at its next poll. */
export const markDepositApproved = (txid: string) => useDepositModal.setState({ approvedTxid: txid });
