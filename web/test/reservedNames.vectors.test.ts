/**
 * The names the editor and the legacy document field use for themselves (vectors/reserved-names.json),
 * which `quire.yaml` refuses as component names: the editor refuses the same ones, so a config the
 * server accepts always opens. `cargo test` holds crates/content's lists to the same file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEditorSchema, layoutNames, reservedNames } from '../src/editor/schema/createSchema';
import { legacyMarkTags } from '../src/editor/markdoc/legacyMarks';
import { defaultEditorOptions } from '../src/editor/options';
import { testComponent } from './editor/components';

type ReservedNames = { editor: string[]; documentMarks: string[]; documentLayouts: string[] };

const vector = JSON.parse(readFileSync(join(import.meta.dirname, '../../vectors/reserved-names.json'), 'utf8')) as ReservedNames;
const sorted = (names: Iterable<string>) => [...names].sort();
const withLayouts = { ...defaultEditorOptions, layouts: [[1, 1]] };
const schemaWith = (name: string, options = defaultEditorOptions) => () => createEditorSchema(options, [testComponent(name, 'block')]);

describe('reserved names', () => {
  it("are the editor's own node and mark names", () => {
    expect(sorted(reservedNames)).toEqual(sorted(vector.editor));
    for (const name of vector.editor) expect(schemaWith(name), name).toThrow(`The component name "${name}" is reserved`);
  });

  it("include a document field's layout tags where the field has layouts", () => {
    expect(sorted(layoutNames)).toEqual(sorted(vector.documentLayouts));
    for (const name of vector.documentLayouts) {
      expect(schemaWith(name, withLayouts), name).toThrow(`The component name "${name}" is reserved`);
      expect(schemaWith(name), name).not.toThrow();
    }
  });

  it("include the tags a document field writes for its marks, which the editor reads as marks", () => {
    expect(sorted(legacyMarkTags.keys())).toEqual(sorted(vector.documentMarks));
  });
});
