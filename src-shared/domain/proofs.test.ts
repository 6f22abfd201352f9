import { describe, expect, it } from 'vitest';
import { featureGates, oneClickAllowed, requiredProofs } from './proofs.ts';

const allOn = {
  ft_photo_collection: true,
  ft_signature_collection: true,
  ft_age_verification: true,
  ft_completion_notes: true,
};
const settingsOn = { photo_collection: true, signature_capture: true, age_verification: true, completion_notes: true };
const none = { picture: false, signature: false, signature_name: false, age_verification: false };

describe('feature gates', () => {
  it.each([
    [
      'everything on',
      allOn,
      settingsOn,
      { photo: true, signature: true, ageVerification: true, notes: true, barcode: true },
    ],
    [
      'plan lacks photos',
      { ...allOn, ft_photo_collection: false },
      settingsOn,
      { photo: false, signature: true, ageVerification: true, notes: true, barcode: true },
    ],
    [
      'route turns off signatures',
      allOn,
      { ...settingsOn, signature_capture: false },
      { photo: true, signature: false, ageVerification: true, notes: true, barcode: true },
    ],
    [
      'no organisation known',
      null,
      { ...settingsOn, completion_notes: false },
      { photo: true, signature: true, ageVerification: true, notes: false, barcode: true },
    ],
  ] as const)('%s', (_name, plan, settings, expected) => {
    expect(featureGates(plan, settings)).toEqual(expected);
  });
});

describe('required proofs and one-click delivery', () => {
  const gates = featureGates(allOn, settingsOn);
  it.each([
    [
      'nothing asked',
      none,
      false,
      { photo: false, signature: false, signatureName: false, ageVerification: false, barcode: false },
      true,
    ],
    [
      'a photo',
      { ...none, picture: true },
      false,
      { photo: true, signature: false, signatureName: false, ageVerification: false, barcode: false },
      false,
    ],
    [
      'a signature, name by organisation',
      { ...none, signature: true },
      true,
      { photo: false, signature: true, signatureName: true, ageVerification: false, barcode: false },
      false,
    ],
    [
      'a signature with name by stop',
      { ...none, signature: true, signature_name: true },
      false,
      { photo: false, signature: true, signatureName: true, ageVerification: false, barcode: false },
      false,
    ],
    [
      'a name without a signature asks nothing',
      { ...none, signature_name: true },
      true,
      { photo: false, signature: false, signatureName: false, ageVerification: false, barcode: false },
      true,
    ],
    [
      'age',
      { ...none, age_verification: true },
      false,
      { photo: false, signature: false, signatureName: false, ageVerification: true, barcode: false },
      false,
    ],
  ] as const)('%s', (_name, requirements, nameRequired, expected, oneClick) => {
    const required = requiredProofs(requirements, gates, nameRequired);
    expect(required).toEqual(expected);
    expect(oneClickAllowed(required)).toBe(oneClick);
  });

  it('a proof the plan lacks is not required', () => {
    const gated = featureGates({ ...allOn, ft_photo_collection: false }, settingsOn);
    expect(requiredProofs({ ...none, picture: true }, gated, false).photo).toBe(false);
  });

  it('barcode: required only with the gate and a unit to scan, and it refuses one-click delivery', () => {
    const parcel = [{ barcode: '3SDRL0000000001' }];
    const required = requiredProofs({ ...none, barcode: true }, gates, false, parcel);
    expect(required.barcode).toBe(true);
    expect(oneClickAllowed(required)).toBe(false);
    // Every parcel scanned or marked on the stop's window: one-click delivery carries them.
    expect(oneClickAllowed(required, 1)).toBe(false);
    expect(oneClickAllowed(required, 0)).toBe(true);
    expect(requiredProofs({ ...none, barcode: true }, gates, false, [{ barcode: null }]).barcode).toBe(false);
    expect(requiredProofs({ ...none, barcode: true }, gates, false, []).barcode).toBe(false);
    const planOff = featureGates({ ...allOn, ft_barcode_scanning: false }, settingsOn);
    expect(requiredProofs({ ...none, barcode: true }, planOff, false, parcel).barcode).toBe(false);
    const routeOff = featureGates(allOn, { ...settingsOn, barcode_scanning: false });
    expect(routeOff.barcode).toBe(false);
    expect(requiredProofs({ ...none, barcode: true }, routeOff, false, parcel).barcode).toBe(false);
  });
});
