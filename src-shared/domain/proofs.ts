/**
 * Which proofs of delivery a stop needs (spec section 5, "Proof rules" and "Feature gating"). A proof is
 * required when the stop asks for it and the organisation's plan and the route's publication settings both
 * have the feature; a feature they lack is disabled, not required (the driver could never meet it).
 */
import type { Plan, PublicationSettings, Requirements, Unit } from '../protocol/entities.ts';
import { hasBarcode } from './unit-scans.ts';

type ProofKind = 'photo' | 'signature' | 'ageVerification' | 'notes' | 'barcode';

export type FeatureGates = Record<ProofKind, boolean>;

/** The plan flags the gates read; a plan stored before barcode scanning existed lacks its flag. */
type GatePlan = Pick<
  Plan,
  'ft_photo_collection' | 'ft_signature_collection' | 'ft_age_verification' | 'ft_completion_notes'
> &
  Partial<Pick<Plan, 'ft_barcode_scanning'>>;

/** The publication settings the gates read (barcode_scanning: as for the plan). */
type GateSettings = Pick<
  PublicationSettings,
  'photo_collection' | 'signature_capture' | 'age_verification' | 'completion_notes'
> &
  Partial<Pick<PublicationSettings, 'barcode_scanning'>>;

/** Which features this route may use at all (the disabled.* messages name the ones it may not). */
export function featureGates(plan: GatePlan | null, settings: GateSettings): FeatureGates {
  // Without the organisation (a shared link offline on first open) the route's own settings decide.
  const has = (flag: boolean | undefined) => flag !== false;
  return {
    photo: has(plan?.ft_photo_collection) && settings.photo_collection,
    signature: has(plan?.ft_signature_collection) && settings.signature_capture,
    ageVerification: has(plan?.ft_age_verification) && settings.age_verification,
    notes: has(plan?.ft_completion_notes) && settings.completion_notes,
    // Barcode scanning came later (issue 19): a plan or route stored before it knows no such flag, and has it.
    barcode: has(plan?.ft_barcode_scanning) && has(settings.barcode_scanning),
  };
}

export interface RequiredProofs {
  photo: boolean;
  signature: boolean;
  /** A signer name with the signature (organisation config require_name_with_signature, or the stop asks). */
  signatureName: boolean;
  ageVerification: boolean;
  /** Every unit with a barcode scanned or marked missing or damaged (issue 19). */
  barcode: boolean;
}

export function requiredProofs(
  requirements: Pick<Requirements, 'picture' | 'signature' | 'signature_name' | 'age_verification'> &
    Partial<Pick<Requirements, 'barcode'>>,
  gates: FeatureGates,
  requireNameWithSignature: boolean,
  /** The stop's units: a barcode requirement asks nothing of a stop with no unit to scan. */
  units: readonly Pick<Unit, 'barcode'>[] = [],
): RequiredProofs {
  const signature = requirements.signature && gates.signature;
  return {
    photo: requirements.picture && gates.photo,
    signature,
    signatureName: signature && (requireNameWithSignature || requirements.signature_name),
    ageVerification: requirements.age_verification && gates.ageVerification,
    barcode: (requirements.barcode ?? false) && gates.barcode && units.some(hasBarcode),
  };
}

/**
 * One-click delivery is allowed only when no proof is required; a barcode requirement is met once every parcel
 * is scanned or marked (`unaccountedUnits`, unit-scans.ts; unknown: not met).
 */
export const oneClickAllowed = (required: RequiredProofs, unaccountedUnits?: number) =>
  !required.photo &&
  !required.signature &&
  !required.ageVerification &&
  !(required.barcode && (unaccountedUnits === undefined || unaccountedUnits > 0));
