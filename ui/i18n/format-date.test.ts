import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';

describe('formatDate (issue 12: dates use the locale)', () => {
  it('writes the build date the Dutch and the English way', () => {
    expect(formatDate('2025-04-30', 'nl-NL')).toBe('30 april 2025');
    expect(formatDate('2025-04-30', 'en-US')).toBe('April 30, 2025');
  });
  it('reads a Magento stamp as its calendar day, whatever the hour', () => {
    expect(formatDate('2026-01-01 23:59:59', 'nl-NL')).toBe('1 januari 2026');
  });
  it('leaves what is not a date as it is', () => {
    expect(formatDate('later', 'en-US')).toBe('later');
    expect(formatDate(undefined, 'en-US')).toBe('');
  });
});
