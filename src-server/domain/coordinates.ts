/** A decimal coordinate as text: digits, an optional point and fraction. No hex, binary, exponent or spaces. */
const DECIMAL_COORDINATE = /^[+-]?[0-9]{1,3}(?:\.[0-9]{1,20})?$/;

export const isDecimalCoordinate = (value: string) => DECIMAL_COORDINATE.test(value);
