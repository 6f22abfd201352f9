/**
 * Which proofs of delivery a stop needs (spec section 5, "Proof rules" and "Feature gating"). A proof is
 * required when the stop asks for it and the organisation's plan and the route's publication settings both
 * have the feature; a feature they lack is disabled, not required (the driver could never meet it).
 */
import type { Plan, PublicationSettings, Requirements } from '../protocol/entities.ts';

export type ProofKind = 'photo' | 'signature' | 'ageVerification' | 'notes';

export type FeatureGates = Record<ProofKind, boolean>;

/** Which features this route may use at all (the disabled.* messages name the ones it may not). */
export function featureGates(
  plan: Pick<
    Plan,
    'ft_photo_collection' | 'ft_signature_collection' | 'ft_age_verification' | 'ft_completion_notes'
  > | null,
  settings: Pick<
    PublicationSettings,
    'photo_collection' | 'signature_capture' | 'age_verification' | 'completion_notes'
  >,
): FeatureGates {
  // Without the organisation (a shared link offline on first open) the route's own settings decide.
  const has = (flag: boolean | undefined) => flag !== false;
  return {
    photo: has(plan?.ft_photo_collection) && settings.photo_collection,
    signature: has(plan?.ft_signature_collection) && settings.signature_capture,
    ageVerification: has(plan?.ft_age_verification) && settings.age_verification,
    notes: has(plan?.ft_completion_notes) && settings.completion_notes,
  };
}

export interface RequiredProofs {
  photo: boolean;
  signature: boolean;
  /** A signer name with the signature (organisation config require_name_with_signature, or the stop asks). */
  signatureName: boolean;
  ageVerification: boolean;
}

export function requiredProofs(
  requirements: Pick<Requirements, 'picture' | 'signature' | 'signature_name' | 'age_verification'>,
  gates: FeatureGates,
  requireNameWithSignature: boolean,
): RequiredProofs {
  const signature = requirements.signature && gates.signature;
  return {
    photo: requirements.picture && gates.photo,
    signature,
    signatureName: signature && (requireNameWithSignature || requirements.signature_name),
    ageVerification: requirements.age_verification && gates.ageVerification,
  };
}

/** One-click delivery is allowed only when no proof is required. */
export const oneClickAllowed = (required: RequiredProofs) =>
  !required.photo && !required.signature && !required.ageVerification;
