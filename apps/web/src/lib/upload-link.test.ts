import { describe, expect, it } from 'vitest';
import { extractFiles, hasFiles } from '@/lib/upload-link';

describe('upload link file extraction', () => {
  it('finds files anywhere in the variables and nulls them out', () => {
    const file = new File(['x'], 'logo.png');
    const { clone, files } = extractFiles({ input: { name: 'A', logo: file, docs: [file] } });
    expect(clone).toEqual({ input: { name: 'A', logo: null, docs: [null] } });
    expect(files.get(file)).toEqual(['variables.input.logo', 'variables.input.docs.0']);
  });

  it('reports no files for plain JSON variables', () => {
    expect(hasFiles({ a: 1, b: ['c'], d: { e: null } })).toBe(false);
  });
});
