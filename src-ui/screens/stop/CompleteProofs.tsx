/**
 * Proof of delivery on the complete screen (spec sections 2 "Signature screen", "Age verification" and 5 "Proof
 * rules"): ProofSummary over the screen's draft, the signature screen (loaded lazily: it brings signature_pad) and
 * the age verification sheet, with the "Signature added", "Photo added" and age verification snackbars. What is
 * collected stays in the draft (deletable) until Done sends it.
 */
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequiredProof } from '../../../src-shared/domain/completion-rules.ts';
import type { FeatureGates, RequiredProofs } from '../../../src-shared/domain/proofs.ts';
import type { Stop } from '../../../src-shared/protocol/entities.ts';
import { CodeBoundary } from '../../app/CodeBoundary.tsx';
import { useFeedback } from '../../app/feedback.tsx';
import { retryableLazy } from '../../app/retryable-lazy.ts';
import { AgeVerificationSheet } from '../../proof/AgeVerificationSheet.tsx';
import { ProofSummary, type ProofSummaryProps } from '../../proof/ProofSummary.tsx';
import type { ProofDraft } from './complete-rules.ts';
import { PROOF_SNACKBAR } from './stop-messages.ts';

const SignatureCapture = retryableLazy(() => import('../../proof/SignatureCapture.tsx'));

export interface CompleteProofsProps {
  stop: Stop;
  gates: FeatureGates;
  required: RequiredProofs;
  /** Missing required proofs to mark (after a refused Done). */
  errors: readonly RequiredProof[];
  draft: ProofDraft;
  onChange: (update: (draft: ProofDraft) => ProofDraft) => void;
  readOnly?: boolean;
  /** Only these proofs show, under this heading (a skip's reason asks for a photo alone: FailureReasonCard). */
  only?: ProofSummaryProps['only'];
  title?: string;
}

export function CompleteProofs({
  stop,
  gates,
  required,
  errors,
  draft,
  onChange,
  readOnly,
  only,
  title,
}: CompleteProofsProps) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [signing, setSigning] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const success = (id: string, text: string) => feedback.snackbar({ id, text, tone: 'success' });

  return (
    <>
      <ProofSummary
        gates={gates}
        required={required}
        errors={errors.filter((kind) => kind !== 'barcode')}
        signature={draft.signature}
        onAddSignature={() => setSigning(true)}
        onDeleteSignature={() => onChange((d) => ({ ...d, signature: null }))}
        birthDate={draft.verified ? draft.birthDate : null}
        onVerifyAge={() => setVerifying(true)}
        onDeleteAgeVerification={() => onChange((d) => ({ ...d, birthDate: null, verified: false }))}
        photos={draft.photos}
        onPhotosChange={(photos) => onChange((d) => ({ ...d, photos }))}
        onPhotoAdded={() => success(PROOF_SNACKBAR.photo, t('success.photoAdded'))}
        readOnly={readOnly}
        only={only}
        title={title}
      />
      {signing && (
        <CodeBoundary kind="part" onClose={() => setSigning(false)}>
          <Suspense fallback={null}>
            <SignatureCapture
              street={stop.information.street ?? ''}
              nameRequired={required.signatureName}
              initialName={draft.signature?.name ?? ''}
              onCancel={() => setSigning(false)}
              onDone={({ signature, signatureName }) => {
                const capturedAt = new Date().toISOString();
                onChange((d) => ({ ...d, signature: { image: signature, name: signatureName, capturedAt } }));
                setSigning(false);
                success(PROOF_SNACKBAR.signature, t('success.signatureAdded'));
              }}
            />
          </Suspense>
        </CodeBoundary>
      )}
      <AgeVerificationSheet
        open={verifying}
        onClose={() => setVerifying(false)}
        initialDate={draft.birthDate}
        onResult={(result) => {
          if (!result.verified) {
            feedback.snackbar({
              id: 'age-verification',
              text: t('AgeVerification.unsuccessfull', { age: result.age }),
              tone: 'danger',
            });
            return;
          }
          onChange((d) => ({ ...d, birthDate: result.date, verified: true }));
          success(PROOF_SNACKBAR.age, t('AgeVerification.successfull'));
        }}
      />
    </>
  );
}
