// The lint `npm test` runs. Type-aware rules catch what the compiler lets through (a promise nobody
// awaits, a value of `any` flowing on); the hooks and accessibility rules catch what review missed; the
// restricted imports keep the layers the design describes: pages and components read and write through
// src/data, never through the Supabase client.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The client and its session plumbing: only src/data (and the app's start-up) may hold them. */
const SERVER_CLIENT = {
  patterns: [
    {
      group: ['@supabase/*', '**/backend/supabase', '**/backend/supabase.ts', '**/backend/session*'],
      message: 'Features and shared UI reach the server through src/data (a query or an action), never the client itself.',
    },
  ],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'src/backend/database.types.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      // Unused names are the compiler's job (noUnusedLocals/noUnusedParameters), which also knows `_` is deliberate.
      '@typescript-eslint/no-unused-vars': 'off',
      // An async method that fulfils a Promise-returning interface without awaiting is fine; the bug worth
      // a rule is the promise nobody awaits, which no-floating-promises catches.
      '@typescript-eslint/require-await': 'off',
      // A promise handed to an event handler is the React idiom; an unawaited one anywhere else is a bug.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // The rules of hooks, complete dependency lists and the React Compiler's rules (set-state-in-effect,
    // refs, purity ...): a page that sets state from an effect or reads a ref while rendering shows a
    // frame of stale data first, whether or not the compiler rewrites it.
    rules: {
      ...reactHooks.configs['recommended-latest'].rules,
      // useLiveRead (src/state/liveRead.ts) takes a dependency list as useEffect does: each call's is checked.
      'react-hooks/exhaustive-deps': ['warn', { additionalHooks: '^useLiveRead$' }],
    },
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // The layers (README, "Layout of the code"): pages render what their area's hook in src/state gives;
    // the kit draws; sync stands on store, never on data. `npm run layers` prints the edges.
    files: ['src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...SERVER_CLIENT.patterns,
            { group: ['**/app/*', '**/data/*', '**/data/**', '**/sync/*', '**/sync/**', '**/store/*'], message: 'A page reads and acts through its area hook in src/state.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/ui/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...SERVER_CLIENT.patterns,
            { group: ['**/app/*', '**/features/**', '**/state/*', '**/data/*', '**/data/**', '**/sync/*', '**/sync/**', '**/store/*'], message: 'The kit draws what it is given: it reads nothing itself.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/sync/**', 'src/store/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/data/*', '**/data/**', '**/state/*', '**/features/**', '**/app/*'], message: 'sync and store sit below data: data imports them, never back.' }] },
      ],
    },
  },
  {
    // `expect(fake.method).toHaveBeenCalled()` reads a method without calling it, on purpose; matchers such as
    // `expect.anything()` and parsed answers of the server under test are `any` by design.
    files: ['tests/**'],
    rules: {
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Playwright fixtures that need no other fixture are written `async ({}, use) => ...`; code run in the page
    // rejects with what IndexedDB gives it (a DOMException, or null).
    files: ['tests/e2e/**'],
    rules: { 'no-empty-pattern': 'off', '@typescript-eslint/prefer-promise-reject-errors': 'off' },
  },
  {
    // Plain JavaScript (the bundled games, the scripts that run before anything is installed) has no types to check.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
