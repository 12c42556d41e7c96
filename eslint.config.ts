import js from '@eslint/js'
import lingui from 'eslint-plugin-lingui'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  // public/media holds HLS segments: MPEG transport streams that share TypeScript's .ts suffix.
  { ignores: ['dist/', '.wrangler/', 'node_modules/', 'worker-configuration.d.ts', 'test-results/', 'public/media/**/*.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    rules: { '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_' }] },
  },
  {
    // Components are where reader-facing text lives; plain modules hold headers and keys.
    files: ['src/**/*.tsx', 'client/**/*.tsx', 'lib/**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { lingui },
    rules: {
      // Every string a reader sees goes through Lingui (bluesky-social's habit).
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: ['^[^A-Za-z]*$', '^[a-z][a-z0-9-]*$', '^[a-z][a-zA-Z0-9]*$', '^/', '^\\.{1,2}/'],
          ignoreNames: [
            { regex: { pattern: '^(className|class|href|src|type|rel|name|value|method|action|id|key|dir|lang|hrefLang|role|content|charSet|loading|decoding|as|position|target|strokeLinecap|strokeLinejoin|stroke|fill|viewBox|autoComplete|inputMode|data-.*)$' } },
          ],
          ignoreFunctions: ['c.body', 'console.*', 'Error', 'HTTPException', 'c.header', 'c.json', 'c.text', 'c.html', 'JSON.stringify', 'new URL', 'createMiddleware', '*.get', '*.post', '*.use', '*.route', 'setCookie', 'deleteCookie', 'getCookie', 'deskApi', 'deskRead'],
          useTsTypes: true,
        },
      ],
      'lingui/t-call-in-function': 'error',
      'lingui/no-single-variables-to-translate': 'error',
    },
  },
  {
    // The layers (architecture.md): src/ is the worker and never ships to the browser, so what
    // the browser runs (client/) and what both sides share (lib/) may not import it; lib/
    // depends on nothing of ours but itself. Scripts are tools an operator runs: they may not
    // lean on the tests, and nothing that runs in the worker or the browser may lean on the
    // scripts (Node-only: the file system, the CLI, the importer's writes).
    files: ['client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { regex: '(^|/)src/', message: "The browser's code may not import the worker's src/: move what both need to lib/." },
          { regex: '(^|/)scripts/', message: 'The browser may not import the Node scripts: move what both need to lib/.' },
        ],
      }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)scripts/', message: 'The worker may not import the Node scripts: move what both need to lib/ (as lib/openfootball/).' }] }] },
  },
  {
    files: ['lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)(src|client|scripts|tests)/', message: 'lib/ is shared by the worker and the browser: it imports nothing but lib/ and packages.' }] }],
    },
  },
  {
    files: ['scripts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)tests/', message: 'Scripts may not import the tests: move what both need to scripts/lib/.' }] }] },
  },
  {
    files: ['scripts/**/*.ts', 'tests/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
)
