import { create } from 'zustand';

/** Whether the missions list is open (the side menu opens it; the widgets' "see all" too). */
export const useMissionsPanel = create<{ open: boolean }>(() => ({ open: false }));
export const openMissionsPanel = () => useMissionsPanel.setState({ open: true });
export const closeMissionsPanel = () => useMissionsPanel.setState({ open: false });
