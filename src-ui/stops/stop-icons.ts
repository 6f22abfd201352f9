/** The icons a stop is drawn with (lucide): markers for the unnumbered stops, proofs, pickup and outcome. */
import {
  Ban,
  Camera,
  CircleCheck,
  Coffee,
  Flag,
  House,
  IdCard,
  type LucideIcon,
  PackagePlus,
  Signature,
} from 'lucide-react';
import type { StopStatus, StopType } from '../../src-shared/protocol/entities.ts';
import type { ProofKind } from './stop-display.ts';

/** Break, start and end show an icon where the others show their number. */
export const MARKER_ICONS: Partial<Record<StopType, LucideIcon>> = { break: Coffee, start: House, end: Flag };

export const PICKUP_ICON: LucideIcon = PackagePlus;

/** A signature is a signed line, not a pencil: a pencil reads as Edit. */
export const PROOF_ICONS: Record<ProofKind, LucideIcon> = {
  signature: Signature,
  age_verification: IdCard,
  picture: Camera,
};

/** The i18n keys of the proofs (Signature, Age verification, Photo). */
export const PROOF_LABEL_KEYS: Record<ProofKind, string> = {
  signature: 'stop.requirements.signature',
  age_verification: 'stop.requirements.ageVerification',
  picture: 'stop.requirements.photo',
};

export const OUTCOME_ICONS: Partial<Record<StopStatus, LucideIcon>> = { finished: CircleCheck, skipped: Ban };

/** What a row's time is, for its screen reader label (rowTime in src-shared/domain/stops.ts). */
export const TIME_LABEL_KEYS: Record<'planned' | 'started', string> = {
  planned: 'route.stopRow.plannedArrival',
  started: 'route.stopRow.startedAt',
};

/** The i18n keys of the outcomes, for the icons' accessible names. */
export const OUTCOME_LABEL_KEYS: Partial<Record<StopStatus, string>> = {
  finished: 'common.a11y.done',
  skipped: 'common.a11y.skipped',
};
