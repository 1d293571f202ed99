import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config';
import { imageCandidates, imageUrl } from './image-url';

describe('imageUrl', () => {
  // spec catalogue §9 thumbnails, §5 'no_selection' means no image
  it('builds the resize URL at the list size', () => {
    expect(imageUrl('/w/r/wrap-1.svg', DEFAULT_CONFIG.images.productList, DEFAULT_CONFIG)).toBe(
      '/img/324/489/resize/w/r/wrap-1.svg',
    );
  });
  it('prefixes a public API URL when one is set', () => {
    const config = { ...DEFAULT_CONFIG, api: { ...DEFAULT_CONFIG.api, publicUrl: 'https://api.example.nl/' } };
    expect(imageUrl('a.svg', DEFAULT_CONFIG.images.gallery, config)).toBe('https://api.example.nl/img/600/744/resize/a.svg');
  });
  it('treats no_selection and empty as no image', () => {
    expect(imageUrl('no_selection', DEFAULT_CONFIG.images.cart, DEFAULT_CONFIG)).toBeUndefined();
    expect(imageUrl('', DEFAULT_CONFIG.images.cart, DEFAULT_CONFIG)).toBeUndefined();
  });
});

describe('imageCandidates (offline thumbnails come from the sizes visited pages loaded)', () => {
  it('the asked size first, then list, gallery and cart sizes of each path, without repeats // spec catalogue §9', () => {
    const c = DEFAULT_CONFIG;
    expect(imageCandidates(['a.svg', 'a.svg', 'no_selection', undefined], c.images.cart, c)).toEqual([
      '/img/210/300/resize/a.svg',
      '/img/324/489/resize/a.svg',
      '/img/600/744/resize/a.svg',
    ]);
    expect(imageCandidates(['t.svg', 'i.svg'], c.images.productList, c)).toEqual([
      '/img/324/489/resize/t.svg',
      '/img/600/744/resize/t.svg',
      '/img/210/300/resize/t.svg',
      '/img/324/489/resize/i.svg',
      '/img/600/744/resize/i.svg',
      '/img/210/300/resize/i.svg',
    ]);
    expect(imageCandidates([undefined, 'no_selection'], c.images.cart, c)).toEqual([]);
  });
});
