// ESLint for the widgets' front-end (widgets/*.js), run by `python3 tasks.py test`.
//
// Each file is a plain script, not a module: scripts/build_widgets.py joins common.js, a widget's shared parts and
// its own file and adds the one default export (charlemagne_learn/widgets/_static/). Linting them as scripts makes an
// `import` or `export` in any file a parse error, and the globals below are what the earlier files define.
import js from "@eslint/js";
import globals from "globals";

// What common.js defines for every widget, and what table_picture.js adds for Table and PlayTable.
const common = Object.fromEntries(["SUIT_CLASS", "inkStyle", "el", "cardButton", "cardRow", "messageBox", "rootOf", "downloadBar"].map((n) => [n, "readonly"]));
const tablePicture = Object.fromEntries(["drawTable", "cardBacks", "badge", "placesOf", "moveCards"].map((n) => [n, "readonly"]));

export default [
  { ignores: ["node_modules/", ".venv/", ".venv-lite/", "_lite/", "**/_static/", "test-artifacts/"] },
  {
    files: ["widgets/**/*.js"],
    ...js.configs.recommended,
    languageOptions: { ecmaVersion: 2022, sourceType: "script", globals: globals.browser },
    rules: {
      ...js.configs.recommended.rules,
      // a top-level function is used by a later file (render by the export Python adds)
      "no-unused-vars": ["error", { vars: "local", args: "after-used" }],
      // a file must not define again what an earlier file defines: in the joined module that is a SyntaxError
      "no-redeclare": ["error", { builtinGlobals: true }],
      eqeqeq: "error",
      "no-var": "error",
      "prefer-const": "error",
    },
  },
  {
    files: ["widgets/**/*.js"],
    ignores: ["widgets/common.js"],
    languageOptions: { globals: common },
  },
  {
    files: ["widgets/table.js", "widgets/playtable.js"],
    languageOptions: { globals: tablePicture },
  },
  {
    files: ["eslint.config.mjs"],
    languageOptions: { sourceType: "module", globals: globals.node },
  },
];
