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
    },
  },
  {
    files: ['e2e/**/*.mjs', 'eslint.config.js', 'eslint/**/*.js'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: globals.node },
  },
);
