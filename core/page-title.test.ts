import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_CONFIG } from './config';
import { pageTitle } from './page-title';

describe('pageTitle', () => {
  // spec catalogue §1: page title template
  it('fills the spec template', () => {
    expect(pageTitle('Home', DEFAULT_CONFIG)).toBe(`Home - ${DEFAULT_CONFIG.shop.name} - gift wrapping paper and luxury gift packaging`);
  });
  it('fills a locale\'s own template the same way', () => {
    expect(pageTitle('Home', DEFAULT_CONFIG, '{title} - {shop} - inpakpapier')).toBe(`Home - ${DEFAULT_CONFIG.shop.name} - inpakpapier`);
  });
  it('keeps any title verbatim at the start', () => {
    fc.assert(fc.property(fc.string(), (t) => pageTitle(t, DEFAULT_CONFIG).startsWith(`${t} - `)));
  });
});
