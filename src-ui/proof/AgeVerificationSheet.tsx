/**
 * Age verification (spec sections 2 and 5): a bottom sheet "Select birth date" with the date wheel (1900-01-01 to
 * today, default 1990-01-01) and Verify. Under 18: "Receiver is underage!" in the sheet, which stays open, and
 * onResult({ verified: false, ... }). Otherwise onResult({ verified: true, ... }) and the sheet slides away
 * (then onClose). The caller shows the snackbars: AgeVerification.unsuccessfull with { age }, or
 * AgeVerification.successfull / success.ageVerified.
 */
import { CircleExclamationPoint, X } from 'lucide-react';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CalendarDate, parseIsoDate, todayOf } from '../../src-shared/domain/age.ts';
import { BottomSheet } from '../components/BottomSheet.tsx';
import { Button, IconButton } from '../components/index.ts';
import styles from './AgeVerificationSheet.module.css';
import { type AgeCheck, clampDate, DEFAULT_BIRTH_DATE, verifyAge } from './age.ts';
import { DateWheel } from './DateWheel.tsx';

/** { verified, age, date: 'YYYY-MM-DD' }; date is StopCompletion.proofs.recipient_date_of_birth. */
type AgeVerificationResult = AgeCheck;

export interface AgeVerificationSheetProps {
  open: boolean;
  /** The sheet has closed (scrim, Escape, swipe, the close button, or after a successful Verify). */
  onClose: () => void;
  onResult: (result: AgeVerificationResult) => void;
  /** Where the wheel starts (YYYY-MM-DD), e.g. the date verified before; else 1990-01-01. */
  initialDate?: string | null;
  /** "Today" for the range and the age; the device's date by default. */
  now?: Date;
}

export function AgeVerificationSheet({ open, onClose, onResult, initialDate, now }: AgeVerificationSheetProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const close = useRef<() => void>(onClose);
  const closeRef = useCallback((fn: () => void) => {
    close.current = fn;
  }, []);
  return (
    <BottomSheet
      open={open}
      onClose={onClose}
      titleId={titleId}
      closeRef={closeRef}
      header={
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {t('ageVerification.title')}
          </h2>
          <IconButton label={t('common.a11y.close')} icon={X} onClick={() => close.current()} />
        </div>
      }
    >
      <AgeForm
        initialDate={initialDate}
        now={now}
        onResult={(result) => {
          onResult(result);
          if (result.verified) close.current();
        }}
      />
    </BottomSheet>
  );
}

function AgeForm({ initialDate, now, onResult }: Pick<AgeVerificationSheetProps, 'initialDate' | 'now' | 'onResult'>) {
  const { t } = useTranslation();
  const today = useMemo(() => todayOf(now), [now]);
  const [date, setDate] = useState<CalendarDate>(() =>
    clampDate((initialDate && parseIsoDate(initialDate)) || DEFAULT_BIRTH_DATE, today),
  );
  const [underage, setUnderage] = useState(false);
  const check = verifyAge(date, today);

  return (
    <div className={styles.body}>
      <p className={styles.age} aria-live="polite">
        {t('proof.age', { count: check.age })}
      </p>
      <DateWheel
        label={t('ageVerification.title')}
        value={date}
        today={today}
        onChange={(next) => {
          setDate(next);
          setUnderage(false);
        }}
      />
      <p className={styles.error} role="alert">
        {underage && (
          <>
            <CircleExclamationPoint size={20} aria-hidden="true" />
            {t('ageVerification.underage')}
          </>
        )}
      </p>
      <Button
        fullWidth
        className={styles.verify}
        onClick={() => {
          setUnderage(!check.verified);
          onResult(check);
        }}
      >
        {t('ageVerification.verify')}
      </Button>
    </div>
  );
}
