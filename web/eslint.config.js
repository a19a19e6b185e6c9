// Lint rules, including the layering of design.md: each folder may import only the layers below it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

/** Import patterns of each layer, matched against relative import paths. */
const layer = (name) => ({ group: [`**/${name}`, `**/${name}/**`] });

/** Quire Cloud's pages are a product apart that shares the build: nothing of the admin names them. */
const cloudApart = {
  ...layer('cloud'),
  message: "Quire Cloud's pages (src/cloud) are an entry of their own: the admin never imports them.",
};

/** A layer's rule; every layer outside src/cloud also keeps away from the cloud's pages. */
const restrict = (patterns) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns: [...patterns, cloudApart] }],
});

const fieldsLayer = [
  { ...layer('app'), message: 'Fields are reusable by every screen: they must not depend on the app that uses them.' },
  { ...layer('collab'), message: 'Fields know nothing of collaboration; the app wires it in.' },
  {
    ...layer('api'),
    allowTypeImports: true,
    message: 'Fields may use the API wire types only; requests belong to the app.',
  },
];

/** An entry is made of fields: the entry module builds on them, never the other way round. */
const entryAboveFields = {
  ...layer('entry'),
  message: 'Fields are the parts of an entry: src/entry builds on them, so they must not depend on it.',
};

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      globals: { ...globals.browser },
      // Type-aware rules read the TypeScript program: the TypeScript files alone.
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // A switch over a union names every member, a default arm or not: a new member (a field kind,
      // an error code) is then never taken silently by the default.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: false }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    // Modules read downward: a module never reaches itself again through what it imports.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Only our TypeScript modules are read for their imports; packages are leaves.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Build scripts run in Node.
  { files: ['scripts/**/*.mjs'], languageOptions: { globals: { ...globals.node } } },
  {
    // The admin's own modules outside the layers below (main, app, locale) keep away from the cloud's.
    files: ['src/**'],
    ignores: ['src/cloud/**'],
    rules: restrict([]),
  },
  {
    files: ['src/cloud/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...['app', 'entry', 'fields', 'editor', 'collab', 'drafts', 'clipboard'].map((name) => ({
              ...layer(name),
              message: "Quire Cloud's pages share ui and lib with the admin, and nothing else of it.",
            })),
            {
              // The admin's API client; the cloud's own is ./api.
              group: ['../api', '../api/**'],
              message: "Quire Cloud's pages call the cloud's API (./api), not the admin's.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/fields/**'],
    rules: restrict([...fieldsLayer, entryAboveFields]),
  },
  {
    // A field's tests may read and write it through a whole entry, as the admin does.
    files: ['src/fields/**/*.test.{ts,tsx}'],
    rules: restrict(fieldsLayer),
  },
  {
    files: ['src/entry/**'],
    rules: restrict([
      ...['app', 'ui', 'editor', 'collab', 'clipboard'].map((name) => ({
        ...layer(name),
        message: "An entry's shape, paths, files and change set are pure: fields, lib and the types of api and drafts only; screens, loading and sending belong to the app.",
      })),
      {
        ...layer('api'),
        allowTypeImports: true,
        message: 'The entry module uses the API wire types only; requests belong to the app.',
      },
      {
        ...layer('drafts'),
        allowTypeImports: true,
        message: 'The entry module reads and writes the draft record only; keeping it in the browser belongs to the app.',
      },
    ]),
  },
  {
    files: ['src/editor/**'],
    rules: restrict(
      ['app', 'entry', 'fields', 'collab', 'api'].map((name) => ({
        ...layer(name),
        message: 'The editor is a library: it uses ui and lib only, and the content field hands it everything else.',
      })),
    ),
  },
  {
    // Collaboration binds the editor and is wired into screens by the app, never the other way.
    files: ['src/collab/**'],
    rules: restrict([
      ...['app', 'entry', 'ui', 'drafts', 'clipboard'].map((name) => ({
        ...layer(name),
        message: 'Collaboration is a library under the app: the editor, lib, and the types of fields and api only.',
      })),
      ...['fields', 'api'].map((name) => ({
        ...layer(name),
        allowTypeImports: true,
        message: 'Collaboration takes only the types of fields and api.',
      })),
    ]),
  },
  {
    files: ['src/api/**'],
    rules: restrict(
      ['app', 'entry', 'fields', 'editor', 'collab', 'ui'].map((name) => ({
        ...layer(name),
        message: 'The API client depends on lib only, so any layer can use it without cycles.',
      })),
    ),
  },
  {
    files: ['src/ui/**'],
    rules: restrict(
      ['app', 'entry', 'fields', 'editor', 'collab', 'api'].map((name) => ({
        ...layer(name),
        message: 'Design-system primitives know nothing of the product; they may use lib only.',
      })),
    ),
  },
  {
    files: ['src/drafts/**', 'src/clipboard/**'],
    rules: restrict(
      ['app', 'entry', 'fields', 'editor', 'collab', 'api', 'ui', 'drafts', 'clipboard'].map((name) => ({
        ...layer(name),
        message: 'Drafts and the clipboard store and carry files: lib only; the app turns them into entries.',
      })),
    ),
  },
  {
    files: ['src/lib/**'],
    rules: restrict(
      ['app', 'entry', 'fields', 'editor', 'collab', 'api', 'ui'].map((name) => ({
        ...layer(name),
        message: 'lib holds generic helpers at the bottom of the stack: it imports nothing of ours.',
      })),
    ),
  },
  {
    files: ['*.js', '*.ts', 'test/**'],
    languageOptions: { globals: { ...globals.node } },
  },
);
