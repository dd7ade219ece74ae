// ESLint flat config. Syntax-only typescript-eslint rules (no type information) keep `eslint .`
// fast; `tsc --noEmit` is what checks types.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Physical margin/padding utilities break right-to-left layouts: the UI uses the logical
// ms-/me-/ps-/pe- instead (ml-4 → ms-4, pr-2 → pe-2). Matches variants too (md:ml-4, -mr-1, !pl-2).
const PHYSICAL_SPACING = '/(^|[\\s:!])-?(ml|mr|pl|pr)-/';
const PHYSICAL_SPACING_MESSAGE =
  'Use logical spacing utilities (ms-/me-/ps-/pe-) instead of ml-/mr-/pl-/pr-: every screen must work right-to-left.';
// Class strings live in className attributes and in calls to the class-joining helpers.
const CLASS_CONTEXTS = [
  "JSXAttribute[name.name=/^(className|wrapperClassName)$/]",
  'CallExpression[callee.name=/^(cx|clsx|cn|classNames|twMerge)$/]',
];

export default defineConfig([
  globalIgnores([
    'node_modules/',
    'public/',
    'build/',
    'data/',
    'data-bench-*/',
    '.test-data/',
    'test-results/',
    'coverage/',
    'server/db/migrations/**',
  ]),

  {
    files: ['**/*.{js,mjs,cjs,ts,mts,cts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'warn' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'warn',
      'no-unused-vars': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // `declare module` augmentation and `namespace` in .d.ts are legitimate.
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true, allowDefinitionFiles: true }],
    },
  },

  // The client: browser globals, the rules of hooks, right-to-left safe classes.
  {
    files: ['web/**/*.{js,ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    rules: {
      'no-restricted-syntax': [
        'error',
        ...CLASS_CONTEXTS.flatMap((context) => [
          { selector: `${context} Literal[value=${PHYSICAL_SPACING}]`, message: PHYSICAL_SPACING_MESSAGE },
          { selector: `${context} TemplateElement[value.raw=${PHYSICAL_SPACING}]`, message: PHYSICAL_SPACING_MESSAGE },
        ]),
      ],
    },
  },

  // Browser flows and their helpers also run code inside the page (page.evaluate).
  {
    files: ['e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // a fixed pause is too short on a busy machine and wasted on an idle one (docs/decisions/0021)
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message: 'Wait for the condition instead (a locator, expect.poll, settled(page)), not for a fixed time.',
        },
      ],
    },
  },
]);
