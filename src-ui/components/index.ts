/**
 * The shared UI kit. Components never hold user-visible text: every string (aria labels too) comes in translated.
 *
 * Everything exported here lands in the first screen's JavaScript (each component imports its CSS, so none is
 * tree-shaken). Kit parts only lazy screens use are imported from their own files instead: BottomSheet.tsx,
 * PullToRefresh.tsx (with pull-distance.ts), ConfirmDialog.tsx, LoadingOverlay.tsx (with use-minimum-visible.ts).
 * Re-exported here, a part would be bundled with the index, onto the first screen's path, as soon as any lazy
 * screen used it. RadioList.tsx (and its OptionPicker) is one of these too.
 */
export { AlertDialog, type AlertDialogProps } from './AlertDialog.tsx';
export { Badge, type BadgeProps, type BadgeTone } from './Badge.tsx';
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './Button.tsx';
export { cx } from './cx.ts';
export { Dialog, type DialogProps } from './Dialog.tsx';
export { EmptyState, type EmptyStateProps } from './EmptyState.tsx';
export { ErrorBoundary, type ErrorBoundaryProps } from './ErrorBoundary.tsx';
export { FallbackPage, type FallbackPageProps } from './FallbackPage.tsx';
export { IconButton, type IconButtonProps, type IconButtonVariant } from './IconButton.tsx';
export { ListRow, type ListRowProps, type ListRowTrailing } from './ListRow.tsx';
export { ListSection, type ListSectionProps } from './ListSection.tsx';
export { LOGO_DROP_PATH, LOGO_ROUTE_PATH, Logo, type LogoProps } from './Logo.tsx';
export { ModalLayer, type ModalLayerProps } from './ModalLayer.tsx';
export { ProgressBar, type ProgressBarProps } from './ProgressBar.tsx';
export { Skeleton, type SkeletonProps } from './Skeleton.tsx';
export { SlideUpPanel, type SlideUpPanelProps } from './SlideUpPanel.tsx';
export { Snackbar, type SnackbarProps } from './Snackbar.tsx';
export { SnackbarHost, type SnackbarHostProps } from './SnackbarHost.tsx';
export { Spinner, type SpinnerProps, type SpinnerSize } from './Spinner.tsx';
export {
  clearSnackbars,
  DEFAULT_MAX_PENDING,
  dismissSnackbar,
  emptySnackbarQueue,
  enqueueSnackbar,
  SNACKBAR_DURATION_MS,
  SNACKBAR_UPDATE_DURATION_MS,
  type SnackbarAction,
  type SnackbarItem,
  type SnackbarQueueAction,
  type SnackbarQueueState,
  type SnackbarTone,
  snackbarReducer,
} from './snackbar-queue.ts';
export { TextField, type TextFieldProps } from './TextField.tsx';
export { TopBar, type TopBarProps, type TopBarVariant } from './TopBar.tsx';
export { focusableIn, MODAL_EXEMPT_ATTRIBUTE, trapTab } from './use-modal-layer.ts';
export { focusScreenHeading, setAppTitle, useScreenTitle } from './use-screen-title.ts';
export { type SnackbarControls, useSnackbarQueue } from './useSnackbarQueue.ts';
