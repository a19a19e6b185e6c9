import { describe, expect, it } from 'vitest';
import type { AssetField } from '../../api/config';
import { normalizeField } from '../../../test/normalized';
import type { ExtraFile } from '../extraFiles';
import { assetSchema, srcPrefix } from './schema';

const bytes = new Uint8Array([1, 2, 3]);
const avatar = normalizeField({ kind: 'image', label: 'Avatar', directory: 'public/images/', publicPath: '/images/' }) as AssetField;

describe('srcPrefix', () => {
  it('is empty without a public path', () => expect(srcPrefix(null, 'ada')).toBe(''));
  it('holds the slug for collection entries', () => expect(srcPrefix('/images//', 'ada')).toBe('/images/ada/'));
  it('has no slug for singletons', () => expect(srcPrefix('/images', undefined)).toBe('/images/'));
});

describe('assetSchema', () => {
  it('reads the stored name below the public path and finds its file in the directory', () => {
    const refs: unknown[] = [];
    const state = assetSchema.parse(avatar, '/images/ada/avatar.png', {
      slug: 'ada',
      path: ['avatar'],
      readFolder: () => new Map(),
      plainTimestampTexts: new Set(),
      readFile(ref) {
        refs.push(ref);
        return bytes;
      },
    });
    expect(refs).toEqual([{ directory: 'public/images', filename: 'avatar.png' }]);
    expect(state).toEqual({ filename: 'avatar.png', extension: 'png', bytes });
  });

  it('keeps a name whose file is missing, and writes it back untouched', () => {
    const state = assetSchema.parse(avatar, '/elsewhere/a.jpg', { slug: 'ada', path: ['avatar'], readFile: () => bytes, readFolder: () => new Map(), plainTimestampTexts: new Set() });
    expect(state).toEqual({ filename: '/elsewhere/a.jpg', extension: 'jpg', bytes: null });
    const files: ExtraFile[] = [];
    const context = { format: 'yaml' as const, slug: 'ada', path: ['avatar'], writeFile: (file: ExtraFile) => files.push(file) };
    expect(assetSchema.serialize(avatar, state, context)).toBe('/elsewhere/a.jpg');
    expect(files).toEqual([]);
  });

  it('names the file after the prop path and the uploaded extension', () => {
    const files: ExtraFile[] = [];
    const context = { format: 'yaml' as const, slug: 'ada', path: ['people', '0', 'avatar'], writeFile: (file: ExtraFile) => files.push(file) };
    const stored = assetSchema.serialize(avatar, { filename: 'Me.JPEG', extension: 'JPEG', bytes }, context);
    expect(stored).toBe('/images/ada/people/0/avatar.JPEG');
    expect(files).toEqual([{ directory: 'public/images', filename: 'people/0/avatar.JPEG', contents: bytes }]);
  });
});
