/**
 * More info, the route view's "task" window (`{base}/stops/{stopId}`; spec section 2 "Stop detail"): the stop's
 * name, location, notes (markdown, also shown once as an alert on opening), the load with its units, type, time
 * window, planned ETA, duration, completed at, the proofs it asks for, and the quick actions in the bottom bar.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isCompletable, isDone } from '../../../src-shared/domain/stops.ts';
import { useFeedback } from '../../app/feedback.tsx';
import { Badge } from '../../components/index.ts';
import { ScanSummary } from '../../scan/ScanSummary.tsx';
import { draftUnits } from '../../scan/scan-draft.ts';
import { Markdown } from '../../stops/Markdown.tsx';
import { NotSavedPanel } from '../../stops/NotSavedPanel.tsx';
import { StopDetail } from '../../stops/StopDetail.tsx';
import { useNav } from '../shared/navigation.ts';
import { StopActions } from './StopActions.tsx';
import { StopPage, StopPageState } from './StopPage.tsx';
import { Load, Requirements } from './StopTaskParts.tsx';
import styles from './stop.module.css';
import { useLeaveWhenGone } from './use-leave-when-gone.ts';
import { useStop } from './use-stop.ts';

export interface StopScreenProps {
  /** The route view's path: `/routes/{id}` or `/routes/single/{id}`. */
  base: string;
  stopId: number;
}

/**
 * The stop whose notes were last shown as an alert: coming back from its units screen does not show them again,
 * opening another stop (or this one after another) does.
 */
let notesShownFor: number | null = null;

export function StopTaskScreen({ base, stopId }: StopScreenProps) {
  useSignals();
  const { t } = useTranslation();
  const nav = useNav();
  const feedback = useFeedback();
  const view = useStop(stopId);
  const back = () => nav.back(base);
  useLeaveWhenGone(view.status, back);
  const notes = view.status === 'ready' ? view.stop.information.notes?.trim() : undefined;

  useEffect(() => {
    if (!notes || notesShownFor === stopId) return;
    notesShownFor = stopId;
    feedback.alert({ title: t('stop.detail.notes'), message: <Markdown text={notes} /> });
  }, [notes, stopId, feedback, t]);

  if (view.status !== 'ready') return <StopPageState status={view.status} onBack={back} />;
  const { stop, number, language, gates } = view;
  return (
    <StopPage
      title={t('stop.detail.title')}
      stop={stop}
      onBack={back}
      footer={isCompletable(stop) ? <StopActions view={view} base={base} /> : undefined}
    >
      {view.unsent && (
        <div className={styles.banner}>
          <Badge label={t('connectivity.notSentYet')} tone="warning" />
        </div>
      )}
      {view.parked && <NotSavedPanel parked={view.parked} timeZone={view.organisation?.time_zone} />}
      <div className={styles.card}>
        <StopDetail
          stop={stop}
          number={number}
          language={language}
          headingLevel={2}
          renderUnits={(units, total) => (
            <Load units={units} total={total} unitsPath={`${base}/stops/${stop.id}/units`} />
          )}
          renderRequirements={(kinds) => <Requirements kinds={kinds} gates={gates} />}
        />
      </div>
      {isCompletable(stop) && !isDone(stop) && view.scanning && (
        <div className={styles.card}>
          <ScanSummary
            routeNow={view.routeNow}
            stop={stop}
            units={draftUnits(stop)}
            required={view.required.barcode}
            error={false}
          />
        </div>
      )}
    </StopPage>
  );
}
