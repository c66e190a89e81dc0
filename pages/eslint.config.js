// The linter of the web lab's pages and of the site's `ply.js` modules (the server's
// and the WebAssembly build's). It runs from the repository's root (`npm run lint`), so
// the paths here are from there.
import js from "@eslint/js";
import globals from "globals";

const browser = {
  ecmaVersion: 2022,
  sourceType: "module",
  globals: { ...globals.browser },
};

export default [
  { ignores: ["pages/node_modules/**", "pages/types/**"] },
  {
    files: ["pages/**/*.js", "crates/server/js/*.js", "crates/wasm/js/*.js"],
    ...js.configs.recommended,
  },
  {
    files: ["pages/assets/**/*.js", "crates/server/js/*.js", "crates/wasm/js/ply.js"],
    languageOptions: browser,
  },
  {
    // The worker: a worker's globals, not a window's.
    files: ["crates/wasm/js/*worker*.js"],
    languageOptions: { ...browser, globals: { ...globals.worker } },
  },
  {
    files: ["pages/eslint.config.js", "pages/tests/**/*.js"],
    languageOptions: { sourceType: "module", globals: { ...globals.node } },
  },
  {
    files: ["pages/**/*.js", "crates/server/js/*.js", "crates/wasm/js/*.js"],
    rules: {
      "no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
        },
      ],
      eqeqeq: ["error", "always"],
      "prefer-const": "error",
      "no-var": "error",
    },
  },
];
