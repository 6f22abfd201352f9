import { Camera, IdCard, Pencil, PenLine, Signature } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { PROOF_ICONS } from './stop-icons.ts';

describe('PROOF_ICONS', () => {
  it('draws each proof with its own icon', () => {
    expect(PROOF_ICONS).toEqual({ signature: Signature, age_verification: IdCard, picture: Camera });
  });

  it('never draws the signature as a pencil, which reads as Edit', () => {
    expect([PenLine, Pencil]).not.toContain(PROOF_ICONS.signature);
  });
});
