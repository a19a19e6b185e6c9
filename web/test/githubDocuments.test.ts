/**
 * The GraphQL documents Quire's server sends to GitHub (crates/storage-github/graphql/) are valid
 * against GitHub's published schema: a field GitHub renamed or an argument it does not take fails
 * here, not in front of an editor.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';

const folder = join(__dirname, '../../crates/storage-github/graphql');
const schema = buildSchema(
  readFileSync(join(__dirname, '../node_modules/@octokit/graphql-schema/schema.graphql'), 'utf8'),
  { assumeValidSDL: true },
);
const documents = readdirSync(folder).filter((name) => name.endsWith('.graphql'));

describe("GitHub's schema", () => {
  it('has the documents to check', () => {
    expect(documents).toContain('create-commit.graphql');
  });

  it.each(documents)('takes %s', (name) => {
    const errors = validate(schema, parse(readFileSync(join(folder, name), 'utf8')));
    expect(errors.map((error) => error.message)).toEqual([]);
  });

  it('refuses a document GitHub would refuse', () => {
    const errors = validate(schema, parse('query { repository(owner: "a", name: "b") { defaultBranch } }'));
    expect(errors.length).toBeGreaterThan(0);
  });
});
