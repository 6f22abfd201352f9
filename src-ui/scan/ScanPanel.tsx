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
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { matchCode, scannableUnits, scanProgress } from '../../src-shared/domain/unit-scans.ts';
import type { Route, Stop, UnitScanMethod } from '../../src-shared/protocol/entities.ts';
import { Button, cx, IconButton, modalKeyDown, TextField, TopBar, useModalLayer } from '../components/index.ts';
import { buzz } from '../platform/camera.ts';
import { createMatchSound, type MatchSound } from '../platform/match-sound.ts';
import { stopName } from '../route/stop-display.ts';
import styles from './ScanPanel.module.css';
import { ScanUnitList } from './ScanUnitList.tsx';
import { draftUnits, markUnit, recordScan } from './scan-draft.ts';
import { type ScanFeedback, scanFeedback } from './scan-feedback.ts';
import { useScanner } from './use-scanner.ts';

export interface ScanPanelProps {
  route: Route;
  stop: Stop;
  onClose: () => void;
}

export function ScanPanel(props: ScanPanelProps) {
  return createPortal(<ScanLayer {...props} />, document.body);
}

export default ScanPanel;

function ScanLayer({ route, stop, onClose }: ScanPanelProps) {
  useSignals();
  const { t } = useTranslation();
  const layerRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [feedback, setFeedback] = useState<ScanFeedback | null>(null);
  const [code, setCode] = useState('');
  useModalLayer(true, layerRef);
  const sound = useRef<MatchSound | null>(null);
  useEffect(() => {
    sound.current = createMatchSound();
    return () => sound.current?.close();
  }, []);

  const units = scannableUnits(draftUnits(stop));
  const progress = scanProgress(units);

  /** Matches a code against this stop's parcels as scanned so far, then the route's other stops. */
  function handle(text: string, method: UnitScanMethod): boolean {
    const here = { ...stop, units: draftUnits(stop) };
    const match = matchCode(
      route.stops.map((s) => (s.id === stop.id ? here : s)),
      stop.id,
      text,
    );
    if (match.kind === 'unit' && !match.already) {
      recordScan(stop.id, match.unitId, method, new Date());
      buzz();
      sound.current?.play();
    }
    setFeedback(scanFeedback(match, text, route, here, t));
    return match.kind === 'unit';
  }

  const scanner = useScanner(videoRef, (text) => handle(text, 'camera'));

  function submitCode(event: FormEvent) {
    event.preventDefault();
    if (code.trim() && handle(code, 'manual')) setCode('');
  }

  return (
    <div
      ref={layerRef}
      className={styles.layer}
      role="dialog"
      aria-modal="true"
      aria-label={t('scan.title')}
      tabIndex={-1}
      onKeyDown={modalKeyDown(layerRef, onClose)}
    >
      <TopBar
        title={t('scan.title')}
        subject={stopName(stop)}
        screen={false}
        backLabel={t('scan.close')}
        onBack={onClose}
        sticky={false}
      />
      <div className={styles.body}>
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
        <p className={cx(styles.feedback, feedback && styles[feedback.tone])} role="status" aria-live="polite">
          {feedback?.text}
        </p>
        <p className={styles.progress} data-testid="scan-progress">
          {t('scan.progress', { scanned: progress.scanned, total: progress.total })}
        </p>
        <form className={styles.manual} onSubmit={submitCode}>
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
        <ScanUnitList units={units} onMark={(unitId, reason) => markUnit(stop.id, unitId, reason, new Date())} />
      </div>
      <div className={styles.footer}>
        <Button fullWidth onClick={onClose}>
          {t('scan.done')}
        </Button>
      </div>
    </div>
  );
}
