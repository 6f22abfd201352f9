/**
 * The core's check of a completion before it is queued (issue 21): the same rules the complete screen shows and the
 * server applies (src-shared/domain/completion-rules.ts), so a completion the screen would refuse is never stored on
 * the device either, whatever called the core (a test, a wrapper, a bug in a screen).
 */
import type { StopCompletion } from '../../src-shared/api/worker-api.ts';
import { type CompletionProblem, completionDay, completionProblems } from '../../src-shared/domain/completion-rules.ts';
import { isDeliveryCodeShape, normaliseDeliveryCode } from '../../src-shared/domain/outcomes/code.ts';
import { outcomeContext, outcomeFacts, placeFacts, stopOutcomes } from '../../src-shared/domain/outcomes/facts.ts';
import { deliveryPlaceRecord } from '../../src-shared/domain/outcomes/record.ts';
import {
  codeNeeded,
  type OutcomeContext,
  type OutcomeProblem,
  outcomeProblems,
} from '../../src-shared/domain/outcomes/rules.ts';
import { featureGates, requiredProofs } from '../../src-shared/domain/proofs.ts';
import { unitScanFacts } from '../../src-shared/domain/unit-scans.ts';
import { resolveVariant, type Variant } from '../../src-shared/domain/variant.ts';
import type { Organisation, Route, Stop } from '../../src-shared/protocol/entities.ts';
import type { AppConfig } from '../../src-shared/protocol/http.ts';

export interface CompletionCheckInput {
  route: Route;
  stop: Stop;
  completion: StopCompletion;
  organisation: Organisation | null;
  appConfig: AppConfig | null;
  /** The variant the screen used (its URL mock), else the organisation's. */
  variant?: Variant;
  nowMs: number;
}

/**
 * The outcome rules (issue 34, src-shared/domain/outcomes/) on a completion: its failure reason, its place (as the
 * update will carry it: deliveryPlaceRecord) and whether a code was typed, as the server checks them. Whether a typed
 * code is right is the server's alone.
 */
function outcomeProblemsInCore(input: CompletionCheckInput): OutcomeProblem[] {
  const { completion } = input;
  const held = {
    ...completion,
    delivery_place: deliveryPlaceRecord(completion.delivery_place),
    photos: completion.proofs?.images?.length ?? 0,
  };
  return outcomeProblems(outcomeFacts(held, input.stop.type), stopContext(input));
}

function stopContext({ route, stop, organisation }: CompletionCheckInput): OutcomeContext {
  const outcomes = stopOutcomes(organisation?.plan ?? null, route.publication_settings, organisation?.config ?? null);
  return outcomeContext(outcomes, stop.delivery_code_required === true);
}

/**
 * The code the completion sends: the typed one, in its normal form, where the stop still needs it (a place that
 * stands in for the code, such as a neighbour, sends none: the server would try it all the same); else null.
 */
export function deliveryCodeToSend(input: CompletionCheckInput): string | null {
  const typed = input.completion.delivery_code?.trim();
  if (!typed || input.completion.status !== 'finished') return null;
  if (!codeNeeded(placeFacts(deliveryPlaceRecord(input.completion.delivery_place)), stopContext(input))) return null;
  // The shape is read on the characters typed (code.ts): normalised first, `ßß` would pass as SSSS. One that is not a
  // code goes back as typed, for the completion's check to refuse (stop-completion.ts).
  return isDeliveryCodeShape(typed) ? normaliseDeliveryCode(typed) : typed;
}

/** Every rule the completion breaks, of the proofs and of its outcome: none, and it may be queued. */
export function checkCompletionInCore(input: CompletionCheckInput): (CompletionProblem | OutcomeProblem)[] {
  return [...proofProblemsInCore(input), ...outcomeProblemsInCore(input)];
}

function proofProblemsInCore(input: CompletionCheckInput): CompletionProblem[] {
  const { route, stop, completion, organisation } = input;
  const gates = featureGates(organisation?.plan ?? null, route.publication_settings);
  const required = requiredProofs(
    stop.requirements,
    gates,
    organisation?.config.require_name_with_signature ?? false,
    stop.units,
  );
  const proofs = completion.proofs ?? {};
  const stored = new Set(stop.images ?? []);
  const images = proofs.images ?? [];
  const signature = proofs.signature ?? null;
  const completedOn = completionDay(input.nowMs, organisation?.time_zone);
  return completionProblems(
    {
      status: completion.status,
      completionNote: completion.completion_note ?? null,
      recipientNote: completion.recipient_note ?? null,
      photos: images.length,
      newPhotos: images.filter((image) => !stored.has(image)).length,
      signature: signature !== null,
      newSignature: signature !== null && signature !== stop.signature,
      signatureName: proofs.signature_name ?? null,
      birthDate: proofs.recipient_date_of_birth ?? null,
      newBirthDate:
        proofs.recipient_date_of_birth != null && proofs.recipient_date_of_birth !== stop.recipient_date_of_birth,
      cleaning: completion.cleaning
        ? { status: completion.cleaning.status, definition: completion.cleaning.definition }
        : null,
      // A skipped stop sends no scans (stopUpdateBody), so none count.
      units: unitScanFacts(stop.units ?? [], completion.status === 'skipped' ? undefined : completion.units),
    },
    {
      variant: input.variant ?? resolveVariant(null, organisation, input.appConfig),
      required,
      gates,
      completedOn,
    },
  );
}
