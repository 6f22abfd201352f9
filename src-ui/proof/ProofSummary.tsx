/**
 * The complete screen's "Proof of delivery" block (spec sections 2 and 5): signature, age verification and photos,
 * each with its control, what was collected (deletable before saving) and, after a refused Done, "Required" under
 * each missing required proof. A feature the route may not use shows its disabled.* message instead.
 *
 * Props for the complete screen:
 * - gates: featureGates(plan, publicationSettings) (the `notes` gate is not used here);
 * - required: requiredProofs(...), marks the required ones with an asterisk (read as "required");
 * - errors: checkCompletion(...).proofs after a refused Done (a signature missing only its name reads "Name required!");
 * - signature / onAddSignature (open SignatureCapture) / onDeleteSignature;
 * - birthDate (YYYY-MM-DD once verified) / onVerifyAge (open AgeVerificationSheet) / onDeleteAgeVerification;
 * - photos / onPhotosChange / onPhotoAdded (show "Photo added"), as PhotoStrip;
 * - readOnly: a finished stop before Edit shows only what was collected, without controls (CompletionView);
 * - headingLevel: 2 on a page of its own (default), 4 in a drawer under the stop's name; each proof's is one more.
 */
import { CircleExclamationPoint, Lock, ShieldCheck, Signature, Trash, UserRoundCheck } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeatureGates } from '../../src-shared/domain/proofs.ts';
import type { Language } from '../../src-shared/domain/settings.ts';
import { Button, IconButton } from '../components/index.ts';
import { useSnackbarGuard } from '../components/snackbar-guard.ts';
import { formatLongDate } from '../i18n/format.ts';
import { PhotoStrip } from './PhotoStrip.tsx';
import { ProofImage } from './ProofImage.tsx';
import styles from './ProofSummary.module.css';
import { type ProofSlot, useProofErrors } from './use-proof-errors.ts';

export interface ProofSummaryProps {
  gates: Pick<FeatureGates, ProofSlot>;
  required?: Partial<Record<ProofSlot, boolean>>;
  errors?: readonly ProofSlot[];
  /** The PNG data URL (or stored URL) and the signer's name ('' for none). */
  signature: { image: string; name: string } | null;
  onAddSignature: () => void;
  onDeleteSignature: () => void;
  birthDate: string | null;
  onVerifyAge: () => void;
  onDeleteAgeVerification: () => void;
  photos: readonly string[];
  onPhotosChange: (next: string[]) => void;
  onPhotoAdded?: () => void;
  readOnly?: boolean;
  headingLevel?: 2 | 4;
  /** Only these proofs show (a skip's reason asks for a photo alone); all of them when left out. */
  only?: readonly ProofSlot[];
  /** The section's heading, when it is not proof of delivery (a failed attempt's photo). */
  title?: string;
}

export function ProofSummary(props: ProofSummaryProps) {
  const { t } = useTranslation();
  const { gates, required = {}, errors = [], signature, birthDate, readOnly = false, headingLevel = 2 } = props;
  const hides = (slot: ProofSlot) => props.only !== undefined && !props.only.includes(slot);
  const Heading = headingLevel === 4 ? 'h4' : 'h2';
  const level = headingLevel === 4 ? 'h5' : 'h3';
  const titleId = useId();
  const { ids, errorOf, errorId } = useProofErrors(errors, !!signature);
  // What every proof's item shares: its heading level and how "required" is read.
  const item = { level, requiredLabel: t('proof.required') } as const;

  return (
    <section className={styles.summary} aria-labelledby={titleId}>
      <Heading id={titleId} className={styles.heading}>
        {props.title ?? t('complete.proofOfDelivery')}
      </Heading>
      <ProofItem
        {...item}
        label={t('complete.signature')}
        hidden={(readOnly && !signature) || hides('signature')}
        required={required.signature}
        error={errorOf('signature')}
        errorId={ids.signature}
      >
        <SignatureProof
          signature={signature}
          enabled={gates.signature}
          readOnly={readOnly}
          describedBy={errorId('signature')}
          onAdd={props.onAddSignature}
          onDelete={props.onDeleteSignature}
        />
      </ProofItem>
      <ProofItem
        {...item}
        label={t('complete.ageVerification')}
        hidden={(readOnly && !birthDate) || hides('ageVerification')}
        required={required.ageVerification}
        error={errorOf('ageVerification')}
        errorId={ids.ageVerification}
      >
        <AgeProof
          birthDate={birthDate}
          enabled={gates.ageVerification}
          readOnly={readOnly}
          describedBy={errorId('ageVerification')}
          onVerify={props.onVerifyAge}
          onDelete={props.onDeleteAgeVerification}
        />
      </ProofItem>
      <ProofItem
        {...item}
        label={t('complete.photos')}
        hidden={(readOnly && props.photos.length === 0) || hides('photo')}
        required={required.photo}
        error={errorOf('photo')}
        errorId={ids.photo}
      >
        <PhotoStrip
          photos={props.photos}
          onChange={props.onPhotosChange}
          onPhotoAdded={props.onPhotoAdded}
          disabledReason={gates.photo ? undefined : t('disabled.photoCollection')}
          readOnly={readOnly}
          describedBy={errorId('photo')}
        />
      </ProofItem>
    </section>
  );
}

/** What one proof's control needs: whether the route may collect it, and the message its button is read with. */
interface ProofControlProps {
  /** The feature gate: off shows why, unless something was collected before (it stays visible and deletable). */
  enabled: boolean;
  readOnly: boolean;
  describedBy: string | undefined;
  onDelete: () => void;
}

/** The signature: the drawn image and the signer's name once collected, else the button that opens the pad. */
function SignatureProof({
  signature,
  enabled,
  readOnly,
  describedBy,
  onAdd,
  onDelete,
}: ProofControlProps & { signature: ProofSummaryProps['signature']; onAdd: () => void }) {
  const { t } = useTranslation();
  if (!enabled && !signature) return <Disabled text={t('disabled.signatureCollection')} />;
  if (signature) {
    return (
      <div className={styles.collected}>
        <ProofImage className={styles.signature} src={signature.image} alt={t('complete.signature')} />
        <span className={styles.text}>{signature.name && t('proof.signedBy', { name: signature.name })}</span>
        {!readOnly && <IconButton icon={Trash} label={t('proof.deleteSignature')} onClick={onDelete} />}
      </div>
    );
  }
  if (readOnly) return null;
  return (
    <CollectButton
      icon={<Signature size={20} aria-hidden="true" />}
      label={t('complete.addSignature')}
      describedBy={describedBy}
      onClick={onAdd}
    />
  );
}

/** The age verification: the verified birth date once collected, else the button that opens the date sheet. */
function AgeProof({
  birthDate,
  enabled,
  readOnly,
  describedBy,
  onVerify,
  onDelete,
}: ProofControlProps & { birthDate: string | null; onVerify: () => void }) {
  const { t, i18n } = useTranslation();
  if (!enabled && !birthDate) return <Disabled text={t('disabled.ageVerification')} />;
  if (birthDate) {
    return (
      <div className={styles.collected}>
        <ShieldCheck className={styles.verified} size={32} aria-hidden="true" />
        <span className={styles.text}>
          <strong>{t('success.ageVerified')}</strong>
          <span>{t('complete.bornOn', { date: formatLongDate(birthDate, i18n.language as Language) })}</span>
        </span>
        {!readOnly && <IconButton icon={Trash} label={t('proof.deleteAgeVerification')} onClick={onDelete} />}
      </div>
    );
  }
  if (readOnly) return null;
  return (
    <CollectButton
      icon={<UserRoundCheck size={20} aria-hidden="true" />}
      label={t('complete.verifyAge')}
      describedBy={describedBy}
      onClick={onVerify}
    />
  );
}

/** The button that collects a proof (signature, age): no snackbar ("Signature added") covers it. */
function CollectButton({
  icon,
  label,
  describedBy,
  onClick,
}: {
  icon: ReactNode;
  label: string;
  describedBy: string | undefined;
  onClick: () => void;
}) {
  const guard = useSnackbarGuard();
  return (
    <Button ref={guard} variant="secondary" fullWidth icon={icon} aria-describedby={describedBy} onClick={onClick}>
      {label}
    </Button>
  );
}

interface ProofItemProps {
  level: 'h3' | 'h5';
  label: string;
  /** "required", read by screen readers in place of the asterisk. */
  requiredLabel: string;
  /** Read-only with nothing collected: nothing to show. */
  hidden: boolean;
  required?: boolean;
  error?: string;
  errorId: string;
  children: ReactNode;
}

function ProofItem({ level: Label, label, requiredLabel, hidden, required, error, errorId, children }: ProofItemProps) {
  if (hidden) return null;
  return (
    <div className={styles.item} data-invalid={error ? '' : undefined}>
      <Label className={styles.label}>
        {label}
        {required && (
          <>
            <span className={styles.mark} aria-hidden="true">
              *
            </span>
            <span className="visually-hidden">, {requiredLabel}</span>
          </>
        )}
      </Label>
      {children}
      <p id={errorId} className={styles.error} role="alert">
        {error && <CircleExclamationPoint size={16} aria-hidden="true" />}
        {error}
      </p>
    </div>
  );
}

function Disabled({ text }: { text: string }) {
  return (
    <p className={styles.disabled}>
      <Lock size={20} aria-hidden="true" />
      {text}
    </p>
  );
}
