/**
 * The cleaning variant's Select status screen, pure (spec section 5 "Cleaning variant"): Save is disabled until
 * an option is chosen, and Other needs a definition text. The result is StopCompletion.cleaning.
 */
import { isFilled } from '../../src-shared/domain/text.ts';
import { CLEANING_STATUSES, type CleaningStatus } from '../../src-shared/protocol/entities.ts';

/** What StopCompletion.cleaning carries: the definition only with Other (trimmed), else null. */
export interface CleaningResult {
  status: CleaningStatus;
  definition: string | null;
  sticker: boolean;
}

/** The picker's state while the driver edits it. */
export interface CleaningDraft {
  status: CleaningStatus | null;
  definition: string;
  sticker: boolean;
}

export type CleaningProblem = 'no_status' | 'definition_required';

export const emptyCleaningDraft = (value?: CleaningResult | null): CleaningDraft => ({
  status: value?.status ?? null,
  definition: value?.definition ?? '',
  sticker: value?.sticker ?? false,
});

/** Why Save is still disabled, or null when it may save. */
export function cleaningProblem(draft: CleaningDraft): CleaningProblem | null {
  if (draft.status === null || !CLEANING_STATUSES.includes(draft.status)) return 'no_status';
  // The rule the core and the server apply (completion-rules.ts): a definition that shows nothing is none.
  if (draft.status === 'other' && !isFilled(draft.definition)) return 'definition_required';
  return null;
}

/** The value to save, or null while a problem remains. */
export function cleaningResult(draft: CleaningDraft): CleaningResult | null {
  if (cleaningProblem(draft) !== null || draft.status === null) return null;
  return {
    status: draft.status,
    definition: draft.status === 'other' ? draft.definition.trim() : null,
    sticker: draft.sticker,
  };
}
