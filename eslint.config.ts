import js from '@eslint/js'
import lingui from 'eslint-plugin-lingui'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

/** Globals of the browser's window that workerd does not have: using one in the worker throws. */
const BROWSER_ONLY_GLOBALS = [
  'window', 'document', 'location', 'history', 'localStorage', 'sessionStorage', 'customElements',
  'getComputedStyle', 'matchMedia', 'requestAnimationFrame', 'cancelAnimationFrame', 'scrollTo', 'scrollX', 'scrollY',
  'innerWidth', 'innerHeight', 'alert', 'confirm', 'prompt', 'Element', 'HTMLElement', 'Node', 'Image', 'DOMParser',
  'IntersectionObserver', 'MutationObserver', 'ResizeObserver',
]

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
    // The service worker is served as written: plain JavaScript in a ServiceWorkerGlobalScope.
    files: ['public/sw.js'],
    languageOptions: { sourceType: 'script', globals: { self: 'readonly', URL: 'readonly' } },
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
          ignoreFunctions: ['c.body', 'console.*', 'Error', 'HTTPException', 'c.header', 'c.json', 'c.text', 'c.html', 'JSON.stringify', 'new URL', 'createMiddleware', '*.get', '*.post', '*.use', '*.route', 'setCookie', 'deleteCookie', 'getCookie', 'callDeskApi', 'deskRead', 'afterAnswer'],
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
    // The worker's program carries the DOM library because it renders the islands (decision
    // 111), so tsc cannot catch a browser global in the worker's own code or in lib/: this does.
    files: ['src/**/*.{ts,tsx}', 'lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...BROWSER_ONLY_GLOBALS.map((name) => ({ name, message: 'A browser global: workerd has none. Browser code lives in client/.' })),
      ],
    },
  },
  {
    files: ['scripts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)tests/', message: 'Scripts may not import the tests: move what both need to scripts/lib/.' }] }] },
  },
  {
    // Queries live in src/db (architecture.md, Data; style.md, habit 10): elsewhere in the
    // worker a tagged template is taken for SQL (postgres.js's sql`…`, a transaction's tx`…`,
    // whatever the tag is called), and so is a raw statement (.unsafe). Lingui's msg`…` and
    // t`…` are the only other tagged templates the worker writes. Scripts and tests may query.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/db/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'TaggedTemplateExpression:not([tag.name=/^(msg|t)$/])', message: 'SQL lives in src/db: move this query into a function of the src/db module that owns its tables.' },
        { selector: "CallExpression[callee.property.name='unsafe']", message: 'SQL lives in src/db: move this statement into a function of the src/db module that owns its tables.' },
      ],
    },
  },
  {
    files: ['scripts/**/*.ts', 'tests/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
)
