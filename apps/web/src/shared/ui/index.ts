import './base.css';

export { Badge, type BadgeProps, Chip, type ChipProps } from './badge';
export { Button, type ButtonProps, buttonClassName } from './button';
export { Card, type CardProps } from './card';
export { Confetti, type ConfettiProps } from './confetti';
export { CONFETTI_DOTS, CONFETTI_PIECES, type ConfettiParticle, createConfetti } from './confetti-model';
export { ConfirmHost, ConfirmModal, type ConfirmModalProps, type ConfirmOptions, confirm } from './confirm-modal';
export { type CardBrand, CreditCard, type CreditCardProps, formatCardNumber } from './credit-card';
export { cx } from './cx';
export { Field, type FieldProps, Input, type InputProps } from './field';
export { type FlexColumn, FlexTable, type FlexTableProps } from './flex-table';
export { useFocusTrap } from './focus-trap';
export { LANGUAGES, type LanguageOption, LanguagePanel, type LanguagePanelProps } from './language-panel';
export { LAZY_IMAGE_ROOT_MARGIN, LazyImage, type LazyImageProps } from './lazy-image';
export { LoadingBar, type LoadingBarProps } from './loading-bar';
export {
  createLoadingBar,
  estimateProgress,
  LOADING_BAR_DEFAULTS,
  type LoadingBarPhase,
  type LoadingBarState,
  loadingBar,
} from './loading-bar-store';
export { Modal, type ModalProps } from './modal';
export { Page, PageHead, type PageHeadProps, Panel, type PanelProps } from './page';
export { lockScroll } from './scroll-lock';
export {
  SidePanel,
  type SidePanelName,
  type SidePanelProps,
  sidePanels,
  useSidePanels,
} from './side-panel';
export { Skeleton, type SkeletonProps } from './skeleton';
export { Spinner, type SpinnerProps } from './spinner';
export { type TabItem, Tabs, type TabsProps } from './tabs';
export { Toaster, type ToasterProps } from './toast';
export {
  TOAST_CONFIGS,
  type ToastConfig,
  type ToastConfigName,
  type ToastInput,
  type ToastItem,
  type ToastKind,
} from './toast-queue';
export {
  appToaster,
  createToastApi,
  createToaster,
  type ToastApi,
  type Toaster as ToastQueue,
  toast,
} from './toast-store';
export * from './types';
export { UiRoot } from './ui-root';
export { MOBILE_QUERY, REDUCED_MOTION_QUERY, useMediaQuery } from './use-media-query';
export { usePresence } from './use-presence';
export { WinCelebration, type WinCelebrationProps, type WinTier, winTier } from './win-celebration';
