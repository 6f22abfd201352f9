/**
 * The outcome rules' input (rules.ts), built one way from what each side holds: the complete screen its draft, the
 * core a StopCompletion, the server a prepared stop update. Each names the same fields of the wire's completion, so
 * one function reads them all, and a rule changed here changes the screen, the core and the server at once.
 */
import type { DeliveryPlaceRecord, StopType } from '../../protocol/entities.ts';
import type { CompletionStatus } from '../completion-rules.ts';
import {
  type DeliveryPlaceFacts,
  type OutcomeConfig,
  type OutcomeContext,
  type OutcomeFacts,
  type OutcomeGates,
  type OutcomeOrganisationConfig,
  type OutcomePlan,
  type OutcomeSettings,
  outcomeConfig,
  outcomeGates,
} from './rules.ts';

/** A place as the wire and the stores carry it (a DeliveryPlaceRecord), in the rules' terms. */
export function placeFacts(record: DeliveryPlaceRecord | null | undefined): DeliveryPlaceFacts | null {
  if (!record) return null;
  return {
    place: record.place,
    neighbourName: record.neighbour_name,
    neighbourHouseNumber: record.neighbour_house_number,
    safePlace: record.safe_place,
  };
}

/** The outcome features of a stop's route and the organisation's outcome config. */
export interface StopOutcomes {
  gates: OutcomeGates;
  config: OutcomeConfig;
}

/** StopOutcomes from the organisation's plan and config (null: not known, as on a shared link) and the route's settings. */
export function stopOutcomes(
  plan: OutcomePlan | null,
  settings: OutcomeSettings,
  config: OutcomeOrganisationConfig | null,
): StopOutcomes {
  return { gates: outcomeGates(plan, settings), config: outcomeConfig(config) };
}

/** The rules' context for one stop: its route's outcomes, and whether the dispatcher set a code on it. */
export const outcomeContext = (outcomes: StopOutcomes, codeRequired: boolean): OutcomeContext => ({
  gates: outcomes.gates,
  config: outcomes.config,
  codeRequired,
});

/** A completion's outcome as the screen, the core and the server hold it, in the wire's names. */
export interface HeldOutcome {
  status: CompletionStatus;
  failure_reason?: string | null;
  delivery_place?: DeliveryPlaceRecord | null;
  /**
   * The code as typed (the screen, the core), or whether a right one came with it (the server, which judged the
   * code before the rules run: repo/delivery-codes.ts). Only whether one was typed is the rules' to know.
   */
  delivery_code?: string | boolean | null;
  /** Photos the completion keeps. */
  photos: number;
  /** The internal note (a skip's reason may ask for one). */
  completion_note?: string | null;
}

/** The facts the outcome rules judge, from a completion's outcome and the stop's type. */
export function outcomeFacts(held: HeldOutcome, stopType: StopType): OutcomeFacts {
  const code = held.delivery_code;
  return {
    status: held.status,
    stopType,
    failureReason: held.failure_reason || null,
    place: placeFacts(held.delivery_place),
    codeTyped: typeof code === 'boolean' ? code : Boolean(code?.trim()),
    photos: held.photos,
    note: held.completion_note ?? null,
  };
}
