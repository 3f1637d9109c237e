// Lint rules for the whole repository: type-aware TypeScript checks, React's hook rules and the
// accessibility rules of jsx-a11y. Formatting is Prettier's job, so no stylistic rule is turned on here.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'public/', 'db/migrations/', 'eslint.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        // The two plain JavaScript scripts `npm start` runs before anything is compiled.
        projectService: { allowDefaultProject: ['scripts/*.mjs', 'db/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Vike and Fastify types are extended by declaration merging into their global namespaces.
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
      // Fastify plugins and Vike hooks are async by contract, whether or not their body awaits.
      '@typescript-eslint/require-await': 'off',
      // React event handlers may be async: React ignores what they return.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Tests read JSON answers and then assert their shape; typing each answer first would only repeat
    // the assertion.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // The production server runs Vike without the AsyncLocalStorage this call needs
    // (scripts/patch-dependencies.mjs): pages get their context as an argument or from usePageContext.
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'vike/server',
              importNames: ['getPageContext'],
              message:
                'Vike is mended to run without the AsyncLocalStorage this needs: pass the page context.',
            },
          ],
        },
      ],
    },
  },
  {
    // Server test files share a process (vitest.config.ts): a module one of them replaced would stay
    // replaced for the files after it.
    files: ['{src,db,scripts,renderer}/**/*.test.ts'],
    ignores: ['**/*.own-process.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock'].map((property) => ({
          object: 'vi',
          property,
          message:
            'Replace a module only in a file named *.own-process.test.ts, which runs in a process of its own.',
        })),
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['**/*.tsx'],
    rules: {
      // Pages are rendered on the server, so what only the browser knows (the address, what is kept on
      // the device, the current time) is read after hydration and set as state in an effect: reading it
      // during render would make the first render differ from the server's HTML.
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
);
