import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      ".react-router/",
      "data/",
      "test-results/",
      "playwright-report/",
      "bench-results/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      // A body that isn't a form makes request.formData() throw, which would be a 500.
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='formData'][callee.object.name='request']",
          message: "Read forms with readForm() (a bad body is a 400, never a 500).",
        },
      ],
    },
  },
  {
    // Route modules and lib read posted fields through a schema (ADR 0042): no raw `form.get(…)`.
    // The same request rule again, since this block's list replaces the one above for them.
    // `searchParams.get` (a loader's query) stays allowed: it isn't a posted form. app/lib/http
    // holds those schema readers (and the multipart file reader), so it reads forms itself.
    files: ["app/routes/**/*.{ts,tsx}", "app/lib/**/*.{ts,tsx}"],
    ignores: ["app/lib/http/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='formData'][callee.object.name='request']",
          message: "Read forms with readForm() (a bad body is a 400, never a 500).",
        },
        {
          selector:
            "CallExpression[callee.property.name=/^(get|getAll)$/][callee.object.name=/^(form|formData)$/]",
          message:
            "Read posted fields through a schema (parseSubmission, postedFields; ADR 0042), not form.get().",
        },
      ],
    },
  },
  {
    // One import alias: `~/` for app code and `~/db/`, `~/tests/` beside it (import-aliases.ts);
    // a relative import stays within its own folder.
    files: ["app/**/*.{ts,tsx}", "db/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["../*", "../**"],
              message:
                "Import from another folder through the ~/ alias (a relative import stays in its folder).",
            },
          ],
        },
      ],
    },
  },
  {
    // A function reads in one screen: split a longer one into named steps. Data tables are
    // object and array literals, not functions, so they are not limited. Tests are: a describe
    // block holds its cases.
    files: ["app/**/*.{ts,tsx}", "db/**/*.ts"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "max-lines-per-function": ["error", { max: 120 }] },
  },
  {
    // Playwright fixtures: `use` is not a React hook, and `{}` means "no dependencies".
    files: ["tests/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
);
