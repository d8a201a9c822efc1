// ESLint 9 flat config: the recommended sets of typescript-eslint, react, react-hooks and jsx-a11y.
// Formatting is Prettier's job (`npm run lint` runs both, then the type check).
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** The data layer: prisma-free-db (by its `~db` alias or a relative path), Sequelize and the drivers. */
const DATA_LAYER = "^(~db(/.*)?|(\\.\\./)+prisma-free-db(/.*)?|sequelize|sqlite3|pg|pg-hstore|umzug)$";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      "node_modules/",
      "data/",
      "public/",
      "test-results/",
      "playwright-report/",
      ".cache/",
      ".ci-tmp/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: { ...globals.node },
    },
    rules: {
      // `_name` marks an argument or binding that is there on purpose (an unused loader argument,
      // a value left out of a rest spread).
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
      "no-console": "off",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    plugins: {
      react,
      "react-hooks": reactHooks,
      "jsx-a11y": jsxA11y,
    },
    languageOptions: {
      ...react.configs.flat.recommended.languageOptions,
      globals: { ...globals.browser, ...globals.node },
    },
    settings: {
      react: { version: "detect" },
      // Remix's <Link> and <NavLink> render anchors: check them like <a>.
      "jsx-a11y": { components: { Link: "a", NavLink: "a" } },
      linkComponents: [
        { name: "Link", linkAttribute: "to" },
        { name: "NavLink", linkAttribute: "to" },
      ],
    },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      ...reactHooks.configs.flat.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // TypeScript checks the props.
      "react/prop-types": "off",
      // Apostrophes and quotes in copy are fine as they are; a stray `>` or `}` is still a typo.
      "react/no-unescaped-entities": ["error", { forbid: [">", "}"] }],
      // Remix links navigate through `to`.
      "jsx-a11y/anchor-is-valid": ["error", { components: ["Link", "NavLink"], specialLink: ["to"] }],
      // A scrollable table is a labelled region that takes focus, so the keyboard can scroll it.
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"] }],
      // Written for the React Compiler. Here an effect that corrects server-rendered state from
      // the browser after hydration (the clock, a saved draft, a new toast) is the intended use.
      "react-hooks/set-state-in-effect": "off",
    },
  },
  // Layers (docs/conventions.md): route -> service -> models, with app/domain (pure rules and
  // schemas) at the bottom. Each layer imports only what lies below it, so a rule or a query has
  // one home. Paths follow tsconfig.json's aliases: `~/*` is app/*, `~db` is prisma-free-db/index.ts.
  // The test in tests/unit/layer-rules.test.ts shows each rule refusing an import.
  {
    files: ["app/routes/**/*.{ts,tsx}", "app/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: DATA_LAYER,
              message: "Routes and components never touch the data layer: call a service (app/services) instead.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/domain/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(~/|(\\.\\./)+)(utils|services|routes|components)(/|$)",
              message:
                "app/domain is pure rules and schemas: it imports only app/domain and packages. Move the pure part here instead.",
            },
            { regex: DATA_LAYER, message: "app/domain never touches the data layer: services do." },
          ],
        },
      ],
    },
  },
  {
    // The data layer proper: the connection, the models and the migrations. Its commands
    // (prisma-free-db/cli: migrate, seed, create-admin) and the demo seed stand above it, like
    // scripts/, and may use the app's rules (a password hash, a commission schedule).
    files: ["prisma-free-db/**/*.ts"],
    ignores: ["prisma-free-db/cli/**", "prisma-free-db/seed/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(~/|~$|(\\.\\./)+app(/|$))",
              message: "The data layer imports no app code: the app depends on it, never the other way round.",
            },
          ],
        },
      ],
    },
  },
  {
    // A vitest worker's test files share their modules (isolate: false in vitest.config.ts): a
    // module mock would miss a module an earlier file loaded, and leak into later files.
    files: ["tests/unit/**/*.{ts,tsx}", "tests/api/**/*.ts", "tests/support/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-properties": [
        "error",
        ...["mock", "doMock", "unmock", "doUnmock"].map((property) => ({
          object: "vi",
          property,
          message: "Test files share their modules: watch a function with vi.spyOn on an object, and restore it.",
        })),
      ],
    },
  },
  {
    // Playwright fixtures that need no other fixture still destructure an empty object.
    files: ["tests/e2e/**/*.ts"],
    rules: { "no-empty-pattern": ["error", { allowObjectPatternsAsParameters: true }] },
  },
  {
    // Reads are SQL through the typed kit (docs/decisions/051): a statement is a `sql` fragment,
    // whose values are bound, never a string with values pasted in. A string, a template literal
    // or a concatenation handed to the kit (or to its `raw`/`identifier` escape hatches) fails
    // here; tests/unit/sql-kit.test.ts shows each one caught.
    files: ["app/**/*.{ts,tsx}", "scripts/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.name=/^(selectRows|selectOne|sqlPage|listColumn)$/] > :matches(Literal[raw=/^['\"]/], TemplateLiteral, BinaryExpression[operator='+'])",
          message: "Build the statement with the sql`` tag (app/services/sql/reads.server.ts): its values are bound.",
        },
        {
          selector:
            "CallExpression[callee.name=/^(pageReads|numbersInOneStatement)$/] Property > :matches(Literal[raw=/^['\"]/], TemplateLiteral, BinaryExpression[operator='+'])",
          message: "Each read of pageReads/numbersInOneStatement is a sql`` fragment: its values are bound.",
        },
        {
          selector:
            "CallExpression[callee.name=/^(raw|identifier)$/] > :matches(TemplateLiteral[expressions.length>0], BinaryExpression[operator='+'])",
          message:
            "raw() and identifier() take SQL text from code, never a value: interpolate values in sql`` instead.",
        },
        {
          selector: "CallExpression[callee.name='sql']",
          message: "sql is a tag: write sql`...` so every value is bound.",
        },
      ],
    },
  },
);
