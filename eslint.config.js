// One flat config for the whole repo: typescript-eslint's recommended rules on every workspace.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.tsbuild/**',
      '.data/**',
      '.tools/**',
      'web/dist/**',
      'web/dist-server/**',
      'bench/results/**',
    ],
  },
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

  // ---- web/: hooks and type-only contracts (docs/web.md "Layers") --------------------------------
  // The layers and import cycles are checked by scripts/check-web-imports.mjs (npm run check).
  // Entity types come from @site/contracts as type-only imports, so the contracts' TypeBox schemas
  // never reach the bundle (plain values: @site/contracts/rules).
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
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

  // Backend conventions: the service kit owns duplicate-key detection (isDuplicateKey, onDuplicateKey)
  // and id checks (isObjectId), so services do not grow copies that miss a database's dialect.
  {
    files: ['services/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'BinaryExpression[operator=/^[!=]==?$/] > Literal[value=11000]',
          message:
            "Use the kit's isDuplicateKey/onDuplicateKey: FerretDB reports a clash on update without code 11000.",
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
