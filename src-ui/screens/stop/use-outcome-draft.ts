/**
 * The complete screen's delivery outcomes (issue 34), held until Done beside the proofs and notes of
 * use-completion-draft.ts: a skip's reason, where a delivered parcel went, the stop's code, each with the shared
 * rules' verdict (src-shared/domain/outcomes/marks.ts) and sent only where the route asks for it.
 */
import { useCallback, useState } from 'react';
import type { CompletionStatus } from '../../../src-shared/domain/completion-rules.ts';
import { type CodeCheck, codeCheck, placeCheck, reasonCheck } from '../../../src-shared/domain/outcomes/marks.ts';
import { type PlaceDraft, placeDraftOf, placeDraftRecord } from '../../../src-shared/domain/outcomes/record.ts';
import { placeAsked } from '../../../src-shared/domain/outcomes/rules.ts';
import type { ReadyStop } from './use-stop.ts';

const NO_CODE: CodeCheck = { asked: false, missing: false, invalid: false, locked: false };

export function useOutcomeDraft(
  view: ReadyStop,
  status: CompletionStatus,
  photos: readonly string[],
  internalNote: string,
) {
  const { stop, outcomes } = view;
  const [failureReason, setFailureReason] = useState<string | null>(stop.failure_reason ?? null);
  const [place, setPlace] = useState<PlaceDraft>(() => placeDraftOf(stop));
  const [deliveryCode, setDeliveryCode] = useState('');
  // The core's answer to the last try of a wrong code (the tries left, "0": locked), shown under the field until the
  // driver types again (issue 45); and whether the code's card is to take the focus on its next render.
  const [wrongCode, setWrongCode] = useState<{ message?: string } | null>(null);
  const [codeFocus, setCodeFocus] = useState(false);
  const codeFocusTaken = useCallback(() => setCodeFocus(false), []);

  const reason = reasonCheck({ status, failureReason, photos: photos.length, internalNote }, outcomes);
  const asksReason = status === 'skipped' && outcomes.gates.failureReasons;
  const asksPlace = status === 'finished' && outcomes.gates.deliveryPlaces && placeAsked(stop.type);
  const placeMarks = placeCheck(place, asksPlace ? photos.length : 0, {
    ...outcomes,
    gates: { ...outcomes.gates, deliveryPlaces: asksPlace },
  });
  const code = codeCheck(deliveryCode, place, stop, outcomes);
  const codeAsked = status === 'finished' && code.asked;
  // Locked as the answer said, before the stop's own count reaches the screen.
  const codeMarks = codeAsked ? { ...code, locked: code.locked || wrongCode?.message === '0' } : NO_CODE;

  return {
    failureReason,
    setFailureReason,
    /** What the skip's reason still lacks; all false when no reason is asked. */
    reason,
    place,
    setPlace,
    /** Delivered, on a delivery, where the route has places: where the parcel went is asked. */
    asksPlace,
    /** What the delivered stop's place still lacks; all false when no place is asked. */
    placeMarks,
    deliveryCode,
    setDeliveryCode: (typed: string) => {
      setDeliveryCode(typed);
      setWrongCode(null);
    },
    /** The stop's code: asked, missing, not a code, locked; all false where none is asked. */
    codeMarks,
    /** The core's answer to the last wrong try (its message: the tries left), or null: none, or typed again since. */
    wrongCode,
    /**
     * A Done the code stands in the way of (issue 45): the card shows why under its field and takes the focus, the
     * code selected for retyping (or its locked note). `message` is the core's for a wrong code.
     */
    answerCode: (wrong?: { message?: string }) => {
      if (wrong) setWrongCode(wrong);
      setCodeFocus(true);
    },
    codeFocus,
    codeFocusTaken,
    /** A delivered stop's place and code, as the completion sends them (nothing where none is asked). */
    deliveredOutcome: () => ({
      ...(asksPlace ? { delivery_place: placeDraftRecord(place) } : {}),
      ...(codeAsked ? { delivery_code: deliveryCode.trim() } : {}),
    }),
    /** A skip's reason, and the photos it asks for, as the completion sends them (nothing where none is asked). */
    skipOutcome: () =>
      asksReason
        ? { failure_reason: failureReason, ...(reason.asksPhoto ? { proofs: { images: [...photos] } } : {}) }
        : {},
  };
}
