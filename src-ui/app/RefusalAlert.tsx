/**
 * A completion the server refused for good, said at once as an alert (issue 11: which stop was not saved and why,
 * and that what the driver entered is kept). Loaded only when there is one (FeedbackProvider), with the route
 * screens' strings, so the first screen carries none of it.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notice } from '../../src-shared/state/app-state.ts';
import { AlertDialog } from '../components/index.ts';
import { useCore } from './core-context.tsx';
import { refusalText } from './refusal-text.ts';

export default function RefusalAlert({ notice }: { notice: Notice }) {
  useSignals();
  const { t } = useTranslation();
  const { api, state } = useCore();
  const parked = state.outbox.value.parked.find((p) => p.id === notice.ref);
  // Retried or discarded before the driver read it: nothing to say any more.
  useEffect(() => {
    if (!parked) void api.dismissNotice(notice.id);
  }, [api, notice.id, parked]);
  return (
    <AlertDialog
      open={parked !== undefined}
      title={t('outbox.refusedTitle')}
      message={parked ? `${refusalText(parked, t)} ${t('outbox.kept')}` : ''}
      buttonLabel={t('common.ok')}
      onButton={() => void api.dismissNotice(notice.id)}
    />
  );
}
