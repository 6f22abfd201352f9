/**
 * A recipient's delivery code on the complete screen (issue 34, docs/delivery-outcomes.md), shown where the stop has
 * a code and the place chosen does not stand in for it. Online the core tries the code before queueing, so a wrong
 * one is answered here at once; offline the card says the server will check it later, and what then happens. A stop
 * locked by wrong codes says which places still complete it.
 *
 * What stands in the way of Done about the code (missing, not a code, wrong, locked) is answered here, not in an
 * alert (issue 45): under the field, in its described-by live line with the field marked invalid, and the focus goes
 * to the field with the code selected for retyping, or to the locked note when the field can no longer be used.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { CircleExclamationPoint, WifiOff } from 'lucide-react';
import { type Ref, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DELIVERY_CODE_MAX_LENGTH, DELIVERY_CODE_MAX_WRONG } from '../../../src-shared/limits.ts';
import { useCore } from '../../app/core-context.tsx';
import { TextField } from '../../components/index.ts';
import styles from './stop.module.css';
import { wrongCodeText } from './stop-messages.ts';
import type { CompletionDraft } from './use-completion-draft.ts';
import type { ReadyStop } from './use-stop.ts';

export function DeliveryCodeCard({ view, draft }: { view: ReadyStop; draft: CompletionDraft }) {
  useSignals();
  const { t } = useTranslation();
  const { state } = useCore();
  const online = state.connectivity.value.online;
  const { codeMarks: marks, showErrors, wrongCode, codeFocus, codeFocusTaken } = draft;
  const fieldRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const lockedRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!codeFocus) return;
    codeFocusTaken();
    if (marks.locked) {
      lockedRef.current?.focus();
    } else {
      fieldRef.current?.focus();
      fieldRef.current?.select();
    }
  }, [codeFocus, codeFocusTaken, marks.locked]);
  const triesLeft = view.stop.delivery_code_tries_left ?? DELIVERY_CODE_MAX_WRONG;
  let error: string | undefined;
  if (marks.locked) error = t('deliveryCode.locked');
  else if (wrongCode) error = wrongCodeText(wrongCode.message, t);
  else if (showErrors && marks.invalid) error = t('deliveryCode.invalid', { max: DELIVERY_CODE_MAX_LENGTH });
  else if (showErrors && marks.missing) error = t('deliveryCode.required');
  const helper =
    triesLeft < DELIVERY_CODE_MAX_WRONG ? t('deliveryCode.triesLeft', { count: triesLeft }) : t('deliveryCode.ask');
  return (
    <div className={`${styles.card} ${styles.section}`}>
      <TextField
        label={t('deliveryCode.title')}
        value={draft.deliveryCode}
        onChange={draft.setDeliveryCode}
        maxLength={2 * DELIVERY_CODE_MAX_LENGTH}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        enterKeyHint="done"
        disabled={marks.locked}
        required
        helper={helper}
        error={error}
        inputRef={fieldRef}
      />
      {marks.locked && <ExemptPlaces view={view} noteRef={lockedRef} />}
      {!online && !marks.locked && (
        <p className={styles.codeNote}>
          <WifiOff size={18} aria-hidden="true" />
          {t('deliveryCode.offline')}
        </p>
      )}
    </div>
  );
}

/** The places that complete a locked stop without its code, or the office where the route asks for no place. */
function ExemptPlaces({ view, noteRef }: { view: ReadyStop; noteRef: Ref<HTMLParagraphElement> }) {
  const { t } = useTranslation();
  const { gates, config } = view.outcomes;
  const places = gates.deliveryPlaces ? config.codeExemptPlaces.map((p) => t(`deliveryPlace.${p}`)) : [];
  return (
    <p className={styles.codeNote} role="alert" tabIndex={-1} ref={noteRef}>
      <CircleExclamationPoint size={18} aria-hidden="true" />
      {places.length > 0 ? t('deliveryCode.lockedPlaces', { places: places.join(', ') }) : t('deliveryCode.callOffice')}
    </p>
  );
}
