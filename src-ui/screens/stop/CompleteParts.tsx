/**
 * Parts of the complete screen: a note field (cut at 500 with its n/500 counter), the proof-of-delivery section
 * (the proofs this stop needs; the proof screens fill it in), and the read-only view of a done stop's completion.
 */
import { Ban, CircleCheck } from 'lucide-react';
import { type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeatureGates } from '../../../src-shared/domain/proofs.ts';
import type { Stop } from '../../../src-shared/protocol/entities.ts';
import { cx, TextField } from '../../components/index.ts';
import { PROOF_ICONS, PROOF_LABEL_KEYS } from '../../route/stop-icons.ts';
import { cutNote, NOTE_MAX, type NoteError, noteStatus, type RequiredProof } from './complete-rules.ts';
import styles from './parts.module.css';
import { DISABLED_KEYS } from './StopTaskParts.tsx';
import frame from './stop.module.css';

export interface NoteFieldProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown once the driver has tried Done (or at once for a note over the limit). */
  error: NoteError | null;
  /** Notes are off for this route: the field is disabled and says why. */
  disabled: boolean;
  inputRef?: Ref<HTMLInputElement & HTMLTextAreaElement>;
}

export function NoteField({ label, placeholder, value, onChange, error, disabled, inputRef }: NoteFieldProps) {
  const { t } = useTranslation();
  const status = noteStatus(value);
  const errorText =
    error === 'required'
      ? t('complete.required')
      : error === 'too_long'
        ? t('errors.intent.too_long', { max: NOTE_MAX })
        : undefined;
  const helper = disabled ? t(DISABLED_KEYS.notes) : status.atLimit ? t('complete.noteLimitReached') : undefined;
  return (
    <TextField
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(text) => onChange(cutNote(text))}
      multiline
      rows={3}
      maxLength={NOTE_MAX}
      counter={t('complete.noteCounter', { count: status.count })}
      helper={helper}
      error={errorText}
      disabled={disabled}
      inputRef={inputRef}
    />
  );
}

/** The gate and the stop's own requirement of each proof the complete screen lists. */
const PROOF_SOURCES = {
  signature: { gate: 'signature', asks: 'signature', icon: PROOF_ICONS.signature, label: PROOF_LABEL_KEYS.signature },
  ageVerification: {
    gate: 'ageVerification',
    asks: 'age_verification',
    icon: PROOF_ICONS.age_verification,
    label: PROOF_LABEL_KEYS.age_verification,
  },
  photo: { gate: 'photo', asks: 'picture', icon: PROOF_ICONS.picture, label: PROOF_LABEL_KEYS.picture },
} as const;

export interface ProofSectionProps {
  stop: Stop;
  gates: FeatureGates;
  /** Required and not yet collected. */
  missing: RequiredProof[];
  showErrors: boolean;
}

/**
 * Proof of delivery: each proof the stop asks for. One the plan or the route turns off shows the disabled.*
 * message; a required one is not collectable yet (the proof screens add it here) and shows "Required" after Done.
 * Nothing at all when the stop asks for no proof.
 */
export function ProofSection({ stop, gates, missing, showErrors }: ProofSectionProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const kinds = (Object.keys(PROOF_SOURCES) as RequiredProof[]).filter((k) => stop.requirements[PROOF_SOURCES[k].asks]);
  if (kinds.length === 0) return null;
  return (
    <section className={frame.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={frame.label}>
        {t('complete.proofOfDelivery')}
      </h2>
      <ul className={styles.requirements}>
        {kinds.map((kind) => {
          const { gate, icon: Icon, label } = PROOF_SOURCES[kind];
          const on = gates[gate];
          const error = on && showErrors && missing.includes(kind);
          const note = !on ? t(DISABLED_KEYS[gate]) : error ? t('complete.required') : t('complete.notCollectable');
          return (
            <li key={kind} className={cx(styles.requirement, !on && styles.requirementOff, error && styles.proofError)}>
              <Icon size={20} strokeWidth={2} aria-hidden="true" />
              <span className={styles.requirementText}>
                <span>{t(label)}</span>
                <span className={styles.requirementNote}>{note}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** A done stop's completion as saved: its outcome and notes (the recipient's hidden in the internal-notes variant). */
export function CompletionSummary({ stop, showRecipientNote }: { stop: Stop; showRecipientNote: boolean }) {
  const { t } = useTranslation();
  const skipped = stop.status === 'skipped';
  const Icon = skipped ? Ban : CircleCheck;
  const outcome = skipped
    ? t('complete.skipped')
    : t(stop.type === 'pickup' ? 'complete.pickedUp' : 'complete.delivered');
  const notes: [string, string | null][] = [[t('complete.internalNote'), stop.completion_note]];
  if (showRecipientNote) notes.unshift([t('complete.recipientNote'), stop.recipient_note]);
  return (
    <dl className={cx(frame.section, styles.summary)}>
      <div>
        <dt className={frame.label}>{t('complete.outcome')}</dt>
        <dd className={cx(styles.outcome, skipped ? styles.outcomeSkipped : styles.outcomeDone)}>
          <Icon size={20} strokeWidth={2.25} aria-hidden="true" />
          {outcome}
        </dd>
      </div>
      {notes.map(([label, text]) => (
        <div key={label}>
          <dt className={frame.label}>{label}</dt>
          <dd className={text?.trim() ? styles.savedNote : styles.noNote}>{text?.trim() || t('complete.noNote')}</dd>
        </div>
      ))}
    </dl>
  );
}
