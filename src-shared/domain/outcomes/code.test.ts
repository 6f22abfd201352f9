/** A recipient's code as typed (issue 34): its shape on the characters typed (issue 44) and its normal form. */
import { describe, expect, it } from 'vitest';
import { isDeliveryCodeShape, normaliseDeliveryCode } from './code.ts';

describe("a delivery code's shape", () => {
  it.each([
    ['1234', true],
    ['ab-12 c', true],
    ['AB12CD34', true],
    [' 47-11 ', true],
    ['4 7 1 1', true],
    ['123', false],
    ['123456789', false],
    ['12-34-56-78-9', false],
    ['12#4', false],
    ['', false],
    // Upper-casing turns these into ASCII letters (ßß into SSSS, ﬀﬀ into FFFF, ı into I): the shape is read before.
    ['ßß', false],
    ['ﬀﬀ', false],
    ['ıııı', false],
    ['İİİİ', false],
    ['ÄBCD', false],
    ['１２３４', false],
    ['12\u200b34', false],
  ])('%j has the shape of a code: %s', (typed, ok) => {
    expect(isDeliveryCodeShape(typed)).toBe(ok);
  });

  it('cleans a typed code as the server does', () => {
    expect(normaliseDeliveryCode(' ab-12 c ')).toBe('AB12C');
  });
});
