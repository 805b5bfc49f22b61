// Lint rules the project holds itself to; formatting is Prettier's (npm run format).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'coverage/', 'src/__generated__/', 'reports/', '.stryker-tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      // Every TypeScript file belongs to tsconfig.json or explorer/tsconfig.json, so the rules see its types
      // (named projects: about a third faster than the project service on the whole tree).
      parserOptions: { project: ['./tsconfig.json', './explorer/tsconfig.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          caughtErrors: 'none',
        },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
      // graphql-ws's `dispose()` and the upstream loader's early refusals give Promise.all a mix of promises
      // and plain values, which it takes as they are.
      '@typescript-eslint/await-thenable': ['error', { allowMixedPromiseArrays: true }],
      // An async function without await is how a hook or an interface method turns a throw into a rejection.
      '@typescript-eslint/require-await': 'off',
      // Flags every test handing on the harness's `h.gql`, declared as a method but an arrow function that needs no `this`.
      '@typescript-eslint/unbound-method': 'off',
      // graphql-js's OperationTypeNode and graphql-ws's CloseCode are compared with their literal values.
      '@typescript-eslint/no-unsafe-enum-comparison': 'off',
      // URLSearchParams and parsed records print as meant in messages; no-base-to-string keeps `[object Object]` out.
      '@typescript-eslint/restrict-template-expressions': 'off',
      // Apollo Client types its errors as ErrorLike, not Error; the code rejects by throwing in async functions.
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
    },
  },
  {
    files: ['test/**'],
    rules: {
      // vitest's asymmetric matchers (`expect.any`, `expect.objectContaining`) and parsed bodies are typed `any`.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        URL: 'readonly',
      },
    },
  },
);
