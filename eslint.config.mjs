import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const NO_HTML =
  'Messages from the server and user data are rendered as text, never as HTML: render strings as React ' +
  'children or set textContent.';

/** Forbids every way of turning a string into markup. */
const noHtmlStrings = [
  { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: NO_HTML },
  {
    selector: 'AssignmentExpression > MemberExpression.left[property.name=/^(innerHTML|outerHTML)$/]',
    message: NO_HTML,
  },
  {
    selector: 'AssignmentExpression > MemberExpression.left[property.value=/^(innerHTML|outerHTML)$/]',
    message: NO_HTML,
  },
  { selector: "CallExpression[callee.property.name='insertAdjacentHTML']", message: NO_HTML },
  { selector: "CallExpression[callee.object.name='document'][callee.property.name=/^(write|writeln)$/]", message: NO_HTML },
];

const unusedVars = [
  'error',
  {
    argsIgnorePattern: '^_',
    varsIgnorePattern: '^_',
    caughtErrorsIgnorePattern: '^_',
    destructuredArrayIgnorePattern: '^_',
    ignoreRestSiblings: true,
  },
];

const TS_FILES = [
  'packages/*/src/**/*.{ts,tsx}',
  'packages/*/test/**/*.{ts,tsx}',
  'packages/*/*.ts',
  'packages/*/build/**/*.{ts,tsx}',
  'e2e/**/*.{ts,tsx}',
  'bench/**/*.{ts,tsx}',
  'scripts/**/*.{ts,tsx}',
  '*.ts',
];
const JS_FILES = ['**/*.{js,mjs,cjs}'];

export default defineConfig([
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    'data/',
    'packages/*/data/',
    '**/coverage/',
    '**/.test-data/',
  ]),

  {
    files: TS_FILES,
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': unusedVars,
      'no-restricted-syntax': ['error', ...noHtmlStrings],
    },
  },

  {
    files: JS_FILES,
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-unused-vars': unusedVars,
      'no-restricted-syntax': ['error', ...noHtmlStrings],
    },
  },

  // The web app runs in the browser; its tests run in jsdom.
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: { ...globals.browser } },
  },
]);
