import { describe, expect, it } from 'vitest';
import { cardErrors, formatCardNumber, formatCvc, formatExpiry } from './card.ts';

describe('built-in checkout card fields', () => {
  it('groups card numbers as printed and stops at the longest length', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42')).toBe('4242 42');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('42424242424242424242424')).toBe('4242 4242 4242 4242424');
  });

  it('writes expiry as MM/YY', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/345')).toBe('12/34');
  });

  it('takes only digits for the CVC, four for American Express', () => {
    expect(formatCvc('12a3', '4242')).toBe('123');
    expect(formatCvc('12345', '378282246310005')).toBe('1234');
  });

  it('names the wrong fields: Luhn, past expiry, CVC size', () => {
    const year = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');
    expect(cardErrors({ number: '4242 4242 4242 4242', expiry: `12/${year}`, cvc: '123' })).toEqual({});
    expect(cardErrors({ number: '4242 4242 4242 4241', expiry: '01/20', cvc: '12' })).toEqual({ number: true, expiry: true, cvc: true });
    expect(cardErrors({ number: '4000 0000 0000 0002', expiry: `01/${year}`, cvc: '999' })).toEqual({});
  });
});
