// One flat config for the whole repo: typescript-eslint's recommended rules on every workspace.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import globals from 'globals'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import { readdirSync } from 'node:fs'

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.tsbuild/**', '.data/**', '.tools/**', 'web/dist/**', 'web/dist-server/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  { files: ['web/src/**'], languageOptions: { globals: { ...globals.browser } } },

  // ---- web/: layers, import cycles, hooks (docs/web.md "Layers") ----------------------------------
  // Shared code (api, components, i18n, lib, stores, styles) imports only shared code; a feature
  // imports shared code and itself, never another feature; app/, server/ and the entry files wire
  // features together. Entity types come from @site/contracts as type-only imports, so the
  // contracts' TypeBox schemas never reach the bundle (plain values: @site/contracts/rules).
  ...webRules(),

  // Backend conventions: the service kit owns duplicate-key detection (isDuplicateKey, onDuplicateKey)
  // and id checks (isObjectId), so services do not grow copies that miss a database's dialect.
  {
    files: ['services/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "BinaryExpression[operator=/^[!=]==?$/] > Literal[value=11000]",
          message: "Use the kit's isDuplicateKey/onDuplicateKey: FerretDB reports a clash on update without code 11000.",
        },
        {
          selector: 'MemberExpression[property.name=/^(isValidObjectId|isObjectIdOrHexString)$/]',
          message: "Use the kit's isObjectId.",
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'mongoose', importNames: ['isValidObjectId'], message: "Use the kit's isObjectId." },
          ],
        },
      ],
    },
  },
)

function webRules() {
  const src = './web/src'
  const shared = ['api', 'components', 'i18n', 'lib', 'stores', 'styles'].map((dir) => `${src}/${dir}`)
  const features = readdirSync(new URL('web/src/features', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
  const files = ['web/src/**/*.{ts,tsx}']
  return [
    {
      files,
      plugins: { 'import-x': importX, 'react-hooks': reactHooks },
      settings: {
        // Parse TypeScript dependencies too (no-cycle follows them) and resolve the '@/' alias.
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
        'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'web/tsconfig.json' })],
      },
      rules: {
        'react-hooks/rules-of-hooks': 'error',
        'react-hooks/exhaustive-deps': 'error',
        'import-x/no-cycle': 'error',
        'import-x/no-restricted-paths': [
          'error',
          {
            zones: [
              ...shared.map((target) => ({
                target,
                from: [`${src}/features`, `${src}/app`, `${src}/server`],
                message: 'Shared code must not import features or the app.',
              })),
              ...features.map((name) => ({
                target: `${src}/features/${name}`,
                from: `${src}/features`,
                except: [`./${name}`],
                message: 'A feature must not import another feature: move what both need to shared code.',
              })),
              ...features.map((name) => ({
                target: `${src}/features/${name}`,
                from: [`${src}/app`, `${src}/server`],
                message: 'A feature must not import the app or the server.',
              })),
            ],
          },
        ],
        'no-restricted-imports': [
          'error',
          {
            paths: [
              {
                name: '@site/contracts',
                allowTypeImports: true,
                message: 'Import types only (import type): values from @site/contracts/rules.',
              },
            ],
          },
        ],
      },
    },
  ]
}
