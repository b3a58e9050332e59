import { describe, expect, it } from 'vitest';
import {
  cssColor,
  draftOf,
  fillPlaceholders,
  invalidAddresses,
  invalidTokenIds,
  nextFieldKey,
  parseColor,
  parseDomains,
  rangeBounds,
  splitList,
  templateIssues,
  toHex,
} from './passes';
import { defaultPassTemplate } from '@rampart/shared/passes';

/** The server's default template (an NFT pass's) as the editor's draft. */
const defaultTemplate = (projectName: string) => draftOf(defaultPassTemplate(projectName, 'nft'));

describe('policy input', () => {
  it('splits lists on lines, commas and spaces, dropping blanks and repeats', () => {
    expect(splitList('0xa\n0xb, 0xc  0xa\n\n')).toEqual(['0xa', '0xb', '0xc']);
  });
  it('names addresses that are not 0x and 40 hex digits', () => {
    const good = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
    expect(invalidAddresses([good, '0x123', 'hello'])).toEqual(['0x123', 'hello']);
  });
  it('takes token ids as decimal uint256 strings only', () => {
    expect(invalidTokenIds(['1', '42', '0x2a', '1.5', (2n ** 256n).toString()])).toEqual(['0x2a', '1.5', (2n ** 256n).toString()]);
  });
});

describe('template draft', () => {
  it('fills placeholders and leaves unknown ones as typed', () => {
    expect(fillPlaceholders('#{{tokenId}} of {{ holder }} {{nope}}', { tokenId: '7', holder: '0xabc' })).toBe('#7 of 0xabc {{nope}}');
  });
  it('reads #rgb, #rrggbb and rgb() colours', () => {
    expect(parseColor('#fff')).toEqual([255, 255, 255]);
    expect(parseColor('rgb(1, 2, 3)')).toEqual([1, 2, 3]);
    expect(parseColor('rgb(300, 2, 3)')).toBeNull();
    expect(toHex('rgb(255, 0, 16)')).toBe('#ff0010');
    expect(cssColor('nope', '#000')).toBe('#000');
  });
  it('a default template has no issues; broken keys, duplicates, values and colours are named by path', () => {
    const draft = defaultTemplate('Club');
    expect(templateIssues(draft)).toEqual({});
    draft.fields.secondaryFields.push({ key: 'tier', label: 'Again', value: '' }, { key: '1bad', label: 'Bad', value: 'x' });
    draft.colors.label = 'blue-ish';
    draft.name = ' ';
    expect(templateIssues(draft)).toEqual({
      name: 'Give the template a name',
      'colors.label': 'Use #rrggbb or rgb(r, g, b)',
      'fields.secondaryFields.1.key': 'Already used by another field',
      'fields.secondaryFields.1.value': 'Enter a value or a placeholder such as {{holder}}',
      'fields.secondaryFields.2.key': 'Letters, digits and _, starting with a letter',
    });
  });
  it('new field keys do not clash', () => {
    const draft = defaultTemplate('Club');
    draft.fields.backFields.push({ key: 'field1', label: 'x', value: 'y' });
    expect(nextFieldKey(draft.fields)).toBe('field2');
  });
  it('a saved template becomes a draft without GraphQL extras', () => {
    const saved = {
      ...defaultTemplate('Club'),
      logoText: null,
      __typename: 'PassTemplate',
      fields: { ...defaultTemplate('Club').fields, headerFields: [{ key: 'a', label: 'A', value: 'v', __typename: 'PassField' }] },
    };
    const draft = draftOf(saved);
    expect(draft.logoText).toBe('');
    expect(draft.fields.headerFields).toEqual([{ key: 'a', label: 'A', value: 'v' }]);
    expect('__typename' in draft).toBe(false);
  });
});

describe('settings and overview', () => {
  it('parses allowed domains and names the bad ones', () => {
    expect(parseDomains('App.Example.com\nlocalhost:3000, https://x.com')).toEqual({
      domains: ['app.example.com', 'localhost:3000', 'https://x.com'],
      invalid: ['https://x.com'],
    });
  });
  it('a range is whole UTC days ending today', () => {
    expect(rangeBounds('7d', new Date('2026-03-10T15:00:00Z'))).toEqual({ from: '2026-03-04T00:00:00.000Z', to: '2026-03-11T00:00:00.000Z' });
  });
});
