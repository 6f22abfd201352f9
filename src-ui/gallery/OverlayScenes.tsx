/** Gallery: dialogs, the loading overlay, snackbars and the error fallback. */
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import {
  AlertDialog,
  Button,
  ErrorBoundary,
  SNACKBAR_DURATION_MS,
  SNACKBAR_UPDATE_DURATION_MS,
  SnackbarHost,
  TopBar,
  useSnackbarQueue,
} from '../components/index.ts';
import { LoadingOverlay } from '../components/LoadingOverlay.tsx';
import g from './gallery.module.css';

export function DialogScene({ kind }: { kind: 'alert' | 'confirm' }) {
  const [open, setOpen] = useState(true);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <TopBar title="Route 12" />
      <div className={g.block}>
        <Button onClick={() => setOpen(true)}>Open dialog again</Button>
      </div>
      <AlertDialog
        open={open && kind === 'alert'}
        title="Sign in needed"
        message="You have to sign in to see your routes."
        buttonLabel="Sign in"
        onButton={() => setOpen(false)}
      />
      <ConfirmDialog
        open={open && kind === 'confirm'}
        title="Start the route?"
        message="Recipients get a notification that you are on your way. This cannot be undone."
        cancelLabel="Cancel"
        confirmLabel="Start route"
        confirmLoading={busy}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setBusy(true);
          setTimeout(() => {
            setBusy(false);
            setOpen(false);
          }, 1500);
        }}
      />
    </>
  );
}

export function LoadingScene() {
  const [visible, setVisible] = useState(true);
  return (
    <>
      <TopBar title="Route 12" />
      <div className={g.block}>
        <Button onClick={() => setVisible(true)}>Finish route (min 2 s)</Button>
      </div>
      <LoadingOverlay visible={visible} label="Finishing route" minMs={2000} onHidden={() => {}} />
      {visible && <AutoOff onOff={() => setVisible(false)} />}
    </>
  );
}

/** Turns the work off after 300 ms: the overlay still stays its 2 s. */
function AutoOff({ onOff }: { onOff: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onOff, 300);
    return () => clearTimeout(timer);
  }, [onOff]);
  return null;
}

const lostConnectivity = {
  id: 'lost',
  text: 'Connection lost. Changes are kept on this phone.',
  tone: 'warning',
  durationMs: null,
  action: { label: 'Retry', onAction: () => {} },
} as const;

export function SnackbarScene() {
  const [queue, snackbars] = useSnackbarQueue();
  const { show } = snackbars;
  useEffect(() => show(lostConnectivity), [show]);
  return (
    <>
      <TopBar title="Snackbars" />
      <div className={g.block}>
        <Button
          variant="secondary"
          onClick={() =>
            snackbars.show({
              id: 'offline',
              text: 'No internet connection',
              tone: 'warning',
              durationMs: SNACKBAR_DURATION_MS,
            })
          }
        >
          No internet connection
        </Button>
        <Button
          variant="secondary"
          onClick={() =>
            snackbars.show({
              id: 'updated',
              text: 'App updated successfully',
              tone: 'success',
              durationMs: SNACKBAR_UPDATE_DURATION_MS,
            })
          }
        >
          App updated
        </Button>
        <Button
          variant="secondary"
          onClick={() =>
            snackbars.show({ id: 'saved', text: 'Signature added.', tone: 'neutral', durationMs: SNACKBAR_DURATION_MS })
          }
        >
          Neutral message
        </Button>
        <Button
          variant="secondary"
          onClick={() =>
            snackbars.show({
              id: 'lost',
              text: 'Connection lost. Changes are kept on this phone.',
              tone: 'warning',
              durationMs: null,
              action: { label: 'Retry', onAction: () => {} },
            })
          }
        >
          Lost connectivity (persistent, Retry)
        </Button>
      </div>
      <SnackbarHost queue={queue} onDismiss={snackbars.dismiss} dismissLabel="Close" />
    </>
  );
}

function Thrower(): never {
  throw new Error('Gallery: a render error on purpose');
}

export function FallbackScene() {
  return (
    <ErrorBoundary title="Oops" message="Something went wrong" reloadLabel="Reload">
      <Thrower />
    </ErrorBoundary>
  );
}
