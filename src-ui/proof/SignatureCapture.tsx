/**
 * The signature screen (spec sections 2 "Signature screen" and 5 "Signature"): a full-screen layer over the
 * complete screen with a signature_pad canvas (black pen), the agreement text with the street, a name field, Clear
 * and Done. Done is enabled only after drawing and, when a name is required, once one is typed ("Name required!").
 * Both orientations (a deliberate change from the spec's portrait lock, WCAG 1.3.4; docs/accessibility.md): in
 * landscape the pad takes the left and the text and form the right, and the drawing survives a rotation.
 *
 * Usage (lazy, it brings signature_pad): `const SignatureCapture = lazy(() => import('../../proof/SignatureCapture.tsx'))`,
 * render it while open; on Done store the result and show "Signature added" (success.signatureAdded).
 */
import { Eraser } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isFilled } from '../../src-shared/domain/text.ts';
import { Button, ModalLayer, TextField, TopBar } from '../components/index.ts';
import styles from './SignatureCapture.module.css';
import { useSignaturePad } from './use-signature-pad.ts';

export interface SignatureResult {
  /** PNG data URL of the drawn area (with padding) on white; StopCompletion.proofs.signature. */
  signature: string;
  /** Trimmed; empty when the driver typed none (send null then). */
  signatureName: string;
}

export interface SignatureCaptureProps {
  /** The stop's street, for the agreement text. */
  street: string;
  /** requiredProofs(...).signatureName: an empty name blocks Done with "Name required!". */
  nameRequired: boolean;
  initialName?: string;
  onDone: (result: SignatureResult) => void;
  onCancel: () => void;
}

export function SignatureCapture({ street, nameRequired, initialName = '', onDone, onCancel }: SignatureCaptureProps) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const pad = useSignaturePad(canvasRef);
  const [name, setName] = useState(initialName);
  const [nameTouched, setNameTouched] = useState(false);

  // The rule the core and the server apply (missingProofs): a name that shows nothing is none.
  const nameMissing = nameRequired && !isFilled(name);
  const showNameError = nameMissing && (pad.drawn || nameTouched);
  const canFinish = pad.drawn && !nameMissing;

  const done = () => {
    if (!canFinish) return;
    const signature = pad.toPng();
    if (signature) onDone({ signature, signatureName: name.trim() });
  };

  return (
    <ModalLayer className={styles.layer} label={t('signature.title')} onEscape={onCancel}>
      <div className={styles.screen}>
        <TopBar
          title={t('signature.title')}
          screen={false}
          backLabel={t('common.cancel')}
          onBack={onCancel}
          sticky={false}
        />
        <div className={styles.pad}>
          <canvas ref={canvasRef} className={styles.canvas} role="img" aria-label={t('common.a11y.signatureArea')} />
          <span className={styles.baseline} aria-hidden="true" />
        </div>
        {/* Under the pad in portrait, beside it in landscape. */}
        <div className={styles.side}>
          <p className={styles.agreement}>{t('signature.agreement', { street })}</p>
          <div className={styles.form}>
            <TextField
              label={t('signature.name')}
              value={name}
              onChange={setName}
              onBlur={() => setNameTouched(true)}
              error={showNameError ? t('signature.nameRequired') : undefined}
              required={nameRequired}
              autoComplete="name"
              enterKeyHint="done"
              maxLength={100}
            />
            <div className={styles.actions}>
              <Button
                variant="secondary"
                icon={<Eraser size={20} aria-hidden="true" />}
                disabled={!pad.drawn}
                onClick={pad.clear}
              >
                {t('signature.clear')}
              </Button>
              <Button className={styles.done} disabled={!canFinish} onClick={done}>
                {t('signature.done')}
              </Button>
            </div>
          </div>
        </div>
      </div>
    </ModalLayer>
  );
}

export default SignatureCapture;
