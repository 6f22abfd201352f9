/**
 * The shared UI kit. Components never hold user-visible text: every string (aria labels too) comes in translated.
 *
 * Everything exported here lands in the first screen's JavaScript (each component imports its CSS, so none is
 * tree-shaken). Kit parts only lazy screens use are imported from their own files instead: BottomSheet.tsx,
 * PullToRefresh.tsx (with pull-distance.ts), ConfirmDialog.tsx, LoadingOverlay.tsx (with use-minimum-visible.ts).
 * Re-exported here, a part would be bundled with the index, onto the first screen's path, as soon as any lazy
 * screen used it. RadioList.tsx (and its OptionPicker) is one of these too.
 */
export { AlertDialog } from './AlertDialog.tsx';
export { Badge } from './Badge.tsx';
export { Button } from './Button.tsx';
export { cx } from './cx.ts';
export { EmptyState } from './EmptyState.tsx';
export { ErrorBoundary } from './ErrorBoundary.tsx';
export { IconButton } from './IconButton.tsx';
export { ListRow } from './ListRow.tsx';
export { ListSection } from './ListSection.tsx';
export { Logo } from './Logo.tsx';
export { ModalLayer } from './ModalLayer.tsx';
export { ProgressBar } from './ProgressBar.tsx';
export { Skeleton } from './Skeleton.tsx';
export { SlideUpPanel, type SlideUpPanelProps } from './SlideUpPanel.tsx';
export { SnackbarHost } from './SnackbarHost.tsx';
export { Spinner } from './Spinner.tsx';
export {
  SNACKBAR_DURATION_MS,
  SNACKBAR_UPDATE_DURATION_MS,
  type SnackbarItem,
} from './snackbar-queue.ts';
export { TextField } from './TextField.tsx';
export { TopBar } from './TopBar.tsx';
export { focusScreenHeading, setAppTitle, useScreenTitle } from './use-screen-title.ts';
export { useSnackbarQueue } from './useSnackbarQueue.ts';
