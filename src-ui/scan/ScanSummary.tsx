/**
 * The parcels block of the stop window and the complete screen (issue 19), shown only for a stop with parcels that
 * have a barcode on a route that may scan: "3 of 5 scanned", the Scan parcels button that opens the Scan screen and,
 * after a refused Done, what is still missing. Styled as one more proof of delivery.
 */
import { CircleExclamationPoint, ScanBarcode } from 'lucide-react';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scanProgress } from '../../src-shared/domain/unit-scans.ts';
import type { Route, Stop, Unit } from '../../src-shared/protocol/entities.ts';
import { CodeBoundary } from '../app/CodeBoundary.tsx';
import { retryableLazy } from '../app/retryable-lazy.ts';
import { Button } from '../components/index.ts';
import styles from '../proof/ProofSummary.module.css';

const ScanPanel = retryableLazy(() => import('./ScanPanel.tsx'));

export interface ScanSummaryProps {
  /** The open route as it is when a code arrives (the Scan screen matches codes of other stops too). */
  routeNow: () => Pick<Route, 'stops'> | null;
  stop: Stop;
  /** The stop's units as scanned so far (scan-draft.ts). */
  units: Unit[];
  /** The stop's barcode requirement applies: marked with an asterisk. */
  required: boolean;
  /** Done was refused for parcels not yet scanned or marked. */
  error: boolean;
}

export function ScanSummary({ routeNow, stop, units, required, error }: ScanSummaryProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const errorId = useId();
  const progress = scanProgress(units);
  return (
    <div className={styles.item} data-invalid={error ? '' : undefined}>
      <h3 className={styles.label}>
        {t('scan.parcels')}
        {required && (
          <>
            <span className={styles.mark} aria-hidden="true">
              *
            </span>
            <span className="visually-hidden">, {t('proof.required')}</span>
          </>
        )}
      </h3>
      <p data-testid="scan-summary-progress">
        {t('scan.progress', { scanned: progress.scanned, total: progress.total })}
      </p>
      <Button
        variant="secondary"
        fullWidth
        icon={<ScanBarcode size={20} aria-hidden="true" />}
        aria-describedby={error ? errorId : undefined}
        onClick={() => setOpen(true)}
      >
        {t('scan.action')}
      </Button>
      <p id={errorId} className={styles.error} role="alert">
        {error && <CircleExclamationPoint size={16} aria-hidden="true" />}
        {error ? t('complete.scanRequired') : null}
      </p>
      {open && (
        <CodeBoundary kind="part" onClose={() => setOpen(false)}>
          <Suspense fallback={null}>
            <ScanPanel routeNow={routeNow} stop={stop} onClose={() => setOpen(false)} />
          </Suspense>
        </CodeBoundary>
      )}
    </div>
  );
}
