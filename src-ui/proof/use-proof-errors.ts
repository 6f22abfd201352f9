/**
 * The "Required" messages of the proof of delivery block (ProofSummary): which proofs a refused Done named, the text
 * under each, and the id each control reads them by (aria-describedby), so a screen reader hears why Done failed.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The proofs the block shows, in its order. */
export type ProofSlot = 'signature' | 'ageVerification' | 'photo';

export interface ProofErrors {
  /** The id of the slot's message paragraph (always rendered, empty without an error). */
  ids: Record<ProofSlot, string>;
  /** The slot's message, or undefined when Done did not name it. */
  errorOf(slot: ProofSlot): string | undefined;
  /** The message's id for aria-describedby, only while there is a message to read. */
  errorId(slot: ProofSlot): string | undefined;
}

export function useProofErrors(errors: readonly ProofSlot[], hasSignature: boolean): ProofErrors {
  const { t } = useTranslation();
  const ids = { signature: useId(), ageVerification: useId(), photo: useId() };
  return {
    ids,
    errorOf(slot) {
      if (!errors.includes(slot)) return undefined;
      // A signature drawn without the signer's name misses only the name.
      return slot === 'signature' && hasSignature ? t('signature.nameRequired') : t('common.required');
    },
    errorId: (slot) => (errors.includes(slot) ? ids[slot] : undefined),
  };
}
