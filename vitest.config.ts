import { defineConfig } from 'vitest/config'

// Three tiers, kept apart (see docs/architecture in README): unit tests in Node,
// worker tests inside workerd, browser tests driving Chromium.
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
    ],
  },
})
