import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_CONFIG } from '../config';
import { backToTopVisible } from './back-to-top';

describe('backToTopVisible (spec catalogue §2.5)', () => {
  it('header: past 600 px at any width', () => {
    expect(backToTopVisible('header', 600, 400, DEFAULT_CONFIG)).toBe(false);
    expect(backToTopVisible('header', 601, 400, DEFAULT_CONFIG)).toBe(true);
  });
  it('shell: past 200 px, desktop (>= 1024 px) only', () => {
    expect(backToTopVisible('shell', 201, 1024, DEFAULT_CONFIG)).toBe(true);
    expect(backToTopVisible('shell', 201, 1023, DEFAULT_CONFIG)).toBe(false);
    expect(backToTopVisible('shell', 200, 1280, DEFAULT_CONFIG)).toBe(false);
  });
  it('never shows at the top of the page', () => {
    fc.assert(fc.property(fc.constantFrom('header' as const, 'shell' as const), fc.nat(5000), (place, w) => !backToTopVisible(place, 0, w, DEFAULT_CONFIG)));
  });
});
