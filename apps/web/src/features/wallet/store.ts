import { create } from 'zustand';

/** Whether the deposit modal is open. Tiny on purpose: the header imports it on every page. */
export const useDepositModal = create<{ open: boolean }>(() => ({ open: false }));
export const openDeposit = () => useDepositModal.setState({ open: true });
export const closeDeposit = () => useDepositModal.setState({ open: false });
