import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import hearth from './eslint/feature-boundaries.js';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'e2e/screenshots/', 'src/types/api.gen.ts'] },
  {
    files: ['src/**/*.{ts,tsx,js}', 'vite.config.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, hearth },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'hearth/feature-boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'crypto-js', message: 'Import the one crypto-js module you need (crypto-js/md5.js, …).' },
            { name: '@blueprintjs/icons/lib/esm/allPaths', message: 'Load icons one at a time.' },
          ],
        },
      ],
      // Blueprint draws these titles as fixed heading levels that skip levels under a page's <h1> or a
      // section's <h2> (axe heading-order, which the journeys fail on).
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='Callout'] > JSXAttribute[name.name='title']",
          message: "Callout's title is an <h5>: use TitledCallout (@/components/TitledCallout) with the level its place needs.",
        },
        {
          selector: "JSXOpeningElement[name.name='NonIdealState'] > JSXAttribute[name.name='title']",
          message: "NonIdealState's title is an <h4>: use EmptyState (@/components/EmptyState).",
        },
      ],
    },
  },
  {
    files: ['e2e/**/*.mjs', 'eslint.config.js', 'eslint/**/*.js'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: globals.node },
  },
);
