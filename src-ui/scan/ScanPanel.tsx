/**
 * The Scan screen (issue 19): a full-screen layer over the stop window or the complete screen. The rear camera's view
 * decodes continuously (frames go to the core: src-ui/scan/use-scanner.ts); a parcel of this stop is ticked off with a
 * short vibration and tone, a code of another stop's parcel names that stop, an unknown code says so. A code can be
 * typed from a damaged label, a parcel marked missing or damaged; "3 of 5 scanned" counts them. What is scanned stays
 * in the stop's scan draft (scan-draft.ts) until the completion sends it.
 *
 * Lazy (it brings the camera code): `const ScanPanel = lazy(() => import('../../scan/ScanPanel.tsx'))`.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Flashlight, FlashlightOff } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scannableUnits, scanProgress } from '../../src-shared/domain/unit-scans.ts';
import type { Route, Stop } from '../../src-shared/protocol/entities.ts';
import { Button, cx, IconButton, ModalLayer, TextField, TopBar } from '../components/index.ts';
import { stopName } from '../stops/stop-display.ts';
import styles from './ScanPanel.module.css';
import { ScanUnitList } from './ScanUnitList.tsx';
import { draftUnits, markUnit } from './scan-draft.ts';
import { useScanMatch } from './use-scan-match.ts';
import { useScanner } from './use-scanner.ts';

export interface ScanPanelProps {
  /** The open route as it is when a code arrives: a code may be another stop's parcel. */
  routeNow: () => Pick<Route, 'stops'> | null;
  stop: Stop;
  onClose: () => void;
}

export function ScanPanel({ routeNow, stop, onClose }: ScanPanelProps) {
  useSignals();
  const { t } = useTranslation();
  const { feedback, handle } = useScanMatch(routeNow, stop);

  const units = scannableUnits(draftUnits(stop));
  const progress = scanProgress(units);

  return (
    <ModalLayer className={styles.layer} label={t('scan.title')} onEscape={onClose}>
      <TopBar
        title={t('scan.title')}
        subject={stopName(stop)}
        screen={false}
        backLabel={t('scan.close')}
        onBack={onClose}
        sticky={false}
      />
      <div className={styles.body}>
        <Viewfinder onCode={(text) => handle(text, 'camera')} />
        <p className={cx(styles.feedback, feedback && styles[feedback.tone])} role="status" aria-live="polite">
          {feedback?.text}
        </p>
        <p className={styles.progress} data-testid="scan-progress">
          {t('scan.progress', { scanned: progress.scanned, total: progress.total })}
        </p>
        <ManualCode onCheck={(code) => handle(code, 'manual')} />
        <ScanUnitList units={units} onMark={(unitId, reason) => markUnit(stop.id, unitId, reason, new Date())} />
      </div>
      <div className={styles.footer}>
        <Button fullWidth onClick={onClose}>
          {t('scan.done')}
        </Button>
      </div>
    </ModalLayer>
  );
}

export default ScanPanel;

/** The rear camera's picture with its aim, a note while it starts or when there is none, and the torch switch. */
function Viewfinder({ onCode }: { onCode: (text: string) => void }) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const scanner = useScanner(videoRef, onCode);
  return (
    <div className={styles.viewfinder}>
      {/* The camera's picture; decoded in the core, so it has nothing to say to a screen reader. */}
      <div className={styles.picture} aria-hidden="true">
        <video ref={videoRef} className={styles.video} muted playsInline />
        <span className={styles.aim} />
      </div>
      {scanner.status !== 'on' && (
        <p className={styles.cameraNote}>{t(scanner.status === 'failed' ? 'scan.noCamera' : 'scan.starting')}</p>
      )}
      {scanner.hasTorch && (
        <IconButton
          className={styles.torch}
          variant="raised"
          icon={scanner.torchOn ? FlashlightOff : Flashlight}
          label={t(scanner.torchOn ? 'scan.torchOff' : 'scan.torchOn')}
          aria-pressed={scanner.torchOn}
          onClick={scanner.toggleTorch}
        />
      )}
    </div>
  );
}

/**
 * A code typed from a damaged label. Cleared once it matched one of this stop's parcels; kept otherwise, so a typo
 * can be corrected.
 */
function ManualCode({ onCheck }: { onCheck: (code: string) => boolean }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (code.trim() && onCheck(code)) setCode('');
  }

  return (
    <form className={styles.manual} onSubmit={submit}>
      <TextField
        label={t('scan.codeLabel')}
        value={code}
        onChange={setCode}
        autoComplete="off"
        enterKeyHint="go"
        maxLength={200}
      />
      <Button type="submit" variant="secondary" disabled={!code.trim()}>
        {t('scan.check')}
      </Button>
    </form>
  );
}
