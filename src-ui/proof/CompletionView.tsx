/**
 * A done stop's completion as saved, read-only (spec section 2 "Complete task screen" before Edit, and the Closed
 * tab's preview): the outcome (Delivered, Picked up or Skipped; the cleaning variant's status), the notes (the
 * recipient's hidden in the internal-notes variant) and, for a delivered stop, the proofs collected: the signature
 * with the signer's name, the age verification, the photos; for a skipped one, its failure reason and that reason's
 * photos (issue 34).
 */
import { Ban, CircleCheck, CloudUpload, MapPinCheck, Sticker } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SAFE_PLACES } from '../../src-shared/domain/outcomes/rules.ts';
import type { Language } from '../../src-shared/domain/settings.ts';
import { syncDelayed } from '../../src-shared/domain/sync-delay.ts';
import type { DeliveryPlaceRecord, FailureReasonSetting, Stop } from '../../src-shared/protocol/entities.ts';
import { cx } from '../components/index.ts';
import { formatInstantTime, type Translate } from '../i18n/format.ts';
import styles from './CompletionView.module.css';
import { ProofSummary, type ProofSummaryProps } from './ProofSummary.tsx';

export interface CompletionViewProps {
  stop: Stop;
  /** False in the internal-notes variant. */
  showRecipientNote: boolean;
  /** The level of the proofs' heading: 2 on a page of its own (default), 4 under a drawer's stop name. */
  headingLevel?: 2 | 4;
  /** The organisation's time zone, for the saved and received times (the phone's when not given). */
  timeZone?: string;
  /** The organisation's failure reasons: a code of its own shows with its label (issue 34). */
  failureReasons?: readonly FailureReasonSetting[];
}

// Read-only: nothing is added or deleted, and what was collected shows whatever the gates say today.
const noop = () => {};
const READ_ONLY: Pick<
  ProofSummaryProps,
  | 'gates'
  | 'onAddSignature'
  | 'onDeleteSignature'
  | 'onVerifyAge'
  | 'onDeleteAgeVerification'
  | 'onPhotosChange'
  | 'readOnly'
> = {
  gates: { signature: true, ageVerification: true, photo: true },
  onAddSignature: noop,
  onDeleteSignature: noop,
  onVerifyAge: noop,
  onDeleteAgeVerification: noop,
  onPhotosChange: noop,
  readOnly: true,
};

export function CompletionView({
  stop,
  showRecipientNote,
  headingLevel = 2,
  timeZone,
  failureReasons,
}: CompletionViewProps) {
  const { t } = useTranslation();
  const signature = stop.signature ? { image: stop.signature, name: stop.signature_name ?? '' } : null;
  const photos = stop.images ?? [];
  const birthDate = stop.recipient_date_of_birth ?? null;
  // A skipped stop keeps only the photos its failure reason asked for (issue 34).
  const hasProofs =
    stop.status === 'finished'
      ? signature !== null || birthDate !== null || photos.length > 0
      : photos.length > 0 && Boolean(stop.failure_reason);
  return (
    <>
      <CompletionSummary stop={stop} showRecipientNote={showRecipientNote} failureReasons={failureReasons} />
      <ArrivalTime stop={stop} timeZone={timeZone} />
      <SyncTimes stop={stop} timeZone={timeZone} />
      {hasProofs && (
        <ProofSummary
          {...READ_ONLY}
          headingLevel={headingLevel}
          title={stop.status === 'skipped' ? t('failureReason.proof') : undefined}
          signature={signature}
          birthDate={birthDate}
          photos={photos}
        />
      )}
    </>
  );
}

/** Where a delivered parcel went (issue 34), in the driver's words where they typed some. */
function placeText(place: DeliveryPlaceRecord, t: Translate): string {
  if (place.place === 'neighbour')
    return t('deliveryPlace.shownNeighbour', { name: place.neighbour_name, number: place.neighbour_house_number });
  if (place.place === 'safe_place') {
    const spot = place.safe_place ?? '';
    const named = (SAFE_PLACES as readonly string[]).includes(spot);
    return t('deliveryPlace.shown', { place: named ? t(`deliveryPlace.${spot}`, {}) : spot });
  }
  return t(`deliveryPlace.${place.place}`, {});
}

/** A reason's words: the organisation's label for a code of its own, the app's for a default one, else the code. */
function reasonText(code: string, reasons: readonly FailureReasonSetting[] | undefined, t: Translate): string {
  const label = reasons?.find((reason) => reason.code === code)?.label;
  return label ?? t(`failureReason.${code}`, { defaultValue: code });
}

/** The outcome and the notes, as a list of terms. */
function CompletionSummary({
  stop,
  showRecipientNote,
  failureReasons,
}: Pick<CompletionViewProps, 'stop' | 'showRecipientNote' | 'failureReasons'>) {
  const { t } = useTranslation();
  const skipped = stop.status === 'skipped';
  const cleaning = !skipped ? stop.cleaning_status : null;
  const Icon = skipped ? Ban : CircleCheck;
  const outcome = skipped
    ? t('complete.skipped')
    : cleaning
      ? t(`cleaning.options.${cleaning}`)
      : t(stop.type === 'pickup' ? 'complete.pickedUp' : 'complete.delivered');
  const notes: [string, string | null][] = [[t('complete.internalNote'), stop.completion_note]];
  if (showRecipientNote) notes.unshift([t('complete.recipientNote'), stop.recipient_note]);
  return (
    <dl className={styles.summary}>
      <div>
        <dt className={styles.label}>{t('complete.outcome')}</dt>
        <dd className={cx(styles.outcome, skipped ? styles.outcomeSkipped : styles.outcomeDone)}>
          <Icon size={20} strokeWidth={2.25} aria-hidden="true" />
          {outcome}
        </dd>
        {skipped && stop.failure_reason && (
          <dd className={styles.savedNote}>
            {t('failureReason.shown', { reason: reasonText(stop.failure_reason, failureReasons, t) })}
          </dd>
        )}
        {!skipped && stop.delivery_place && <dd className={styles.savedNote}>{placeText(stop.delivery_place, t)}</dd>}
        {cleaning === 'other' && stop.cleaning_definition && (
          <dd className={styles.savedNote}>{stop.cleaning_definition}</dd>
        )}
        {cleaning && stop.sticker && (
          <dd className={styles.sticker}>
            <Sticker size={20} aria-hidden="true" />
            {t('cleaning.stickerPlaced')}
          </dd>
        )}
      </div>
      {notes.map(([label, text]) => (
        <div key={label}>
          <dt className={styles.label}>{label}</dt>
          <dd className={text?.trim() ? styles.savedNote : styles.noNote}>{text?.trim() || t('complete.noNote')}</dd>
        </div>
      ))}
    </dl>
  );
}

/** When the driver arrived (issue 34), as the driver said with Arrived on the prompt or the phone noticed. */
function ArrivalTime({ stop, timeZone }: { stop: Stop; timeZone?: string }) {
  const { t, i18n } = useTranslation();
  if (!stop.arrived_at) return null;
  const time = formatInstantTime(stop.arrived_at, i18n.language as Language, timeZone);
  return (
    <p className={styles.syncTimes}>
      <MapPinCheck size={20} aria-hidden="true" />
      {t(stop.arrival_by === 'phone' ? 'route.arrival.arrivedByPhone' : 'route.arrival.arrived', { time })}
    </p>
  );
}

/** "Saved on the phone 14:02, received 14:37": an offline delay is not a late delivery (issue 19). */
function SyncTimes({ stop, timeZone }: { stop: Stop; timeZone?: string }) {
  const { t, i18n } = useTranslation();
  if (!syncDelayed(stop.completed_at, stop.received_at)) return null;
  const time = (iso: string) => formatInstantTime(iso, i18n.language as Language, timeZone);
  return (
    <p className={styles.syncTimes}>
      <CloudUpload size={20} aria-hidden="true" />
      {t('complete.savedReceived', { saved: time(stop.completed_at!), received: time(stop.received_at!) })}
    </p>
  );
}
