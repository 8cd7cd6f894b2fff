import { describe, expect, it } from 'vitest';
import {
  formatMaskedDate,
  isCompleteDate,
  isNumericKeyAllowed,
  isPatternComplete,
  maskDate,
  maskPattern,
  parseMaskedDate,
  sanitizeNumeric,
} from '../../lib/masks.js';

describe('date mask dd.mm.yyyy', () => {
  it('inserts the dots while the user types digit by digit', () => {
    const typed = '31122024';
    const shown = [...typed].map((_, i) => maskDate(typed.slice(0, i + 1)));
    expect(shown).toEqual(['3', '31', '31.1', '31.12', '31.12.2', '31.12.20', '31.12.202', '31.12.2024']);
  });

  it('keeps only digits and stops at eight', () => {
    expect(maskDate('0a1-0b2/1999')).toBe('01.02.1999');
    expect(maskDate('010219991234')).toBe('01.02.1999');
    expect(maskDate('01.02.1999')).toBe('01.02.1999');
  });

  it('allows a day of at most 31', () => {
    expect(maskDate('31')).toBe('31');
    expect(maskDate('32')).toBe('3');
    expect(maskDate('4')).toBe('');
    expect(maskDate('39011999')).toBe('3');
    expect(maskDate('29')).toBe('29');
    expect(maskDate('00')).toBe('0');
  });

  it('allows a month of at most 12', () => {
    expect(maskDate('0112')).toBe('01.12');
    expect(maskDate('0113')).toBe('01.1');
    expect(maskDate('012')).toBe('01');
    expect(maskDate('0109')).toBe('01.09');
    expect(maskDate('0100')).toBe('01.0');
  });

  it('allows only years starting with 19 or 20', () => {
    expect(maskDate('01011999')).toBe('01.01.1999');
    expect(maskDate('01012000')).toBe('01.01.2000');
    expect(maskDate('01012099')).toBe('01.01.2099');
    expect(maskDate('01011899')).toBe('01.01.1');
    expect(maskDate('01012100')).toBe('01.01.2');
    expect(maskDate('01013000')).toBe('01.01');
    expect(maskDate('01010999')).toBe('01.01');
  });

  it('parses complete dates and refuses incomplete, rule-breaking or non-existent ones', () => {
    expect(parseMaskedDate('29.02.2024')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(isCompleteDate('31.12.1999')).toBe(true);
    expect(isCompleteDate('29.02.2023')).toBe(false);
    expect(isCompleteDate('31.04.2024')).toBe(false);
    expect(isCompleteDate('31.12.202')).toBe(false);
    expect(isCompleteDate('32.01.2024')).toBe(false);
    expect(isCompleteDate('01.13.2024')).toBe(false);
    expect(isCompleteDate('01.01.1899')).toBe(false);
    expect(isCompleteDate('01.01.2100')).toBe(false);
  });

  it('formats a date as dd.mm.yyyy', () => {
    expect(formatMaskedDate(new Date(2024, 0, 5))).toBe('05.01.2024');
  });
});

describe('numeric key filter', () => {
  it('accepts every digit', () => {
    for (const key of '0123456789') expect(isNumericKeyAllowed({ key })).toBe(true);
  });

  it('accepts navigation and edit keys', () => {
    for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'Tab', 'Enter', 'Escape']) {
      expect(isNumericKeyAllowed({ key })).toBe(true);
    }
    expect(isNumericKeyAllowed({ key: 'Backspace' })).toBe(true);
    expect(isNumericKeyAllowed({ key: 'Delete' })).toBe(true);
  });

  it('accepts copy, cut and select-all with Ctrl or Cmd', () => {
    for (const key of ['c', 'x', 'a', 'C', 'X', 'A']) {
      expect(isNumericKeyAllowed({ key, ctrlKey: true })).toBe(true);
      expect(isNumericKeyAllowed({ key, metaKey: true })).toBe(true);
    }
  });

  it('refuses letters, other shortcuts, signs and spaces', () => {
    for (const key of ['a', 'e', 'я', '-', '+', ' ', ',', '/']) expect(isNumericKeyAllowed({ key })).toBe(false);
    expect(isNumericKeyAllowed({ key: 'z', ctrlKey: true })).toBe(false);
    expect(isNumericKeyAllowed({ key: 'c', ctrlKey: true, altKey: true })).toBe(false);
  });

  it('accepts a decimal point only with the decimal modifier, and only once', () => {
    expect(isNumericKeyAllowed({ key: '.' })).toBe(false);
    expect(isNumericKeyAllowed({ key: '.' }, { decimal: false })).toBe(false);
    expect(isNumericKeyAllowed({ key: '.' }, { decimal: true })).toBe(true);
    expect(isNumericKeyAllowed({ key: '.' }, { decimal: true, currentValue: '12' })).toBe(true);
    expect(isNumericKeyAllowed({ key: '.' }, { decimal: true, currentValue: '1.2' })).toBe(false);
  });

  it('sanitizes pasted values the same way', () => {
    expect(sanitizeNumeric('12a3.4-5')).toBe('12345');
    expect(sanitizeNumeric('12a3.4.5', { decimal: true })).toBe('123.45');
  });
});

describe('pattern mask (9 is a digit, A is a letter)', () => {
  const phone = '+7 (999) 999-99-99';

  it('fills digit slots and writes the literals itself', () => {
    expect(maskPattern('9161234567', phone)).toBe('+7 (916) 123-45-67');
    expect(maskPattern('+7 (916) 123-45-67', phone)).toBe('+7 (916) 123-45-67');
  });

  it('shows partial values without trailing literals', () => {
    expect(maskPattern('916', phone)).toBe('+7 (916');
    expect(maskPattern('9161', phone)).toBe('+7 (916) 1');
    expect(maskPattern('', phone)).toBe('');
  });

  it('drops characters that do not fit a digit slot', () => {
    expect(maskPattern('9a1b6', phone)).toBe('+7 (916');
    expect(maskPattern('12345678901234', '99-99')).toBe('12-34');
  });

  it('fills letter slots with Latin or Cyrillic letters only', () => {
    expect(maskPattern('ab12', 'AA-99')).toBe('ab-12');
    expect(maskPattern('1а2б34', 'AA-99')).toBe('аб-34');
    expect(maskPattern('А123ВС77', 'A 999 AA 99')).toBe('А 123 ВС 77');
  });

  it('keeps a literal the user typed at the end', () => {
    expect(maskPattern('12:', '99:99')).toBe('12:');
    expect(maskPattern('12:3', '99:99')).toBe('12:3');
  });

  it('tells complete values from partial ones', () => {
    expect(isPatternComplete('12:30', '99:99')).toBe(true);
    expect(isPatternComplete('12:3', '99:99')).toBe(false);
    expect(isPatternComplete('ab:30', '99:99')).toBe(false);
  });
});
