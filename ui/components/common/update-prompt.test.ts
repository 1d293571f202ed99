import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { hasTypedInput } from './UpdatePrompt';

const page = (html: string) => new JSDOM(`<body>${html}</body>`).window.document;

// the update toast's reload would clear a half-filled form: it asks first when the shopper typed into one
describe('hasTypedInput', () => {
  it('sees text typed into a form field (name, e-mail, address, a comment)', () => {
    const doc = page('<form><input id="a" type="text"><input id="b" type="email"><textarea id="c"></textarea></form>');
    expect(hasTypedInput(doc)).toBe(false);
    doc.querySelector<HTMLInputElement>('#b')!.value = 'anne@example.nl';
    expect(hasTypedInput(doc)).toBe(true);
    doc.querySelector<HTMLInputElement>('#b')!.value = '';
    doc.querySelector<HTMLTextAreaElement>('#c')!.value = 'Graag inpakken';
    expect(hasTypedInput(doc)).toBe(true);
  });

  it('ignores the header search, quantities, choices, read-only and disabled fields, and fields outside a form', () => {
    const doc = page(`
      <form role="search"><input type="text" role="combobox" value="kerst"></form>
      <form><input type="number" value="3"><input type="checkbox" checked><select><option selected>NL</option></select>
        <input type="text" readonly value="vast"><input type="text" disabled value="uit"></form>
      <input type="text" value="los">`);
    expect(hasTypedInput(doc)).toBe(false);
  });
});
