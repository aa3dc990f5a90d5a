// ESLint for the widgets' front-end (widgets/*.js), run by `python3 tasks.py test`.
//
// Each file is an ES module: it imports what it uses from the files beside it ("./common.js") and a widget's own file
// exports its render() as the default. The package's build follows the imports into one module per widget
// (charlemagne_learn/widgets/_bundle.py), which reads only `import { a, b as c } from "./file.js";` and `export` before
// a top-level declaration: the rules below hold the files to those forms.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", ".venv/", ".venv-lite/", "_lite/", "**/_static/", "test-artifacts/"] },
  {
    files: ["widgets/**/*.js"],
    ...js.configs.recommended,
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.browser },
    rules: {
      ...js.configs.recommended.rules,
      "no-unused-vars": ["error", { args: "after-used" }],
      // the forms the build reads: named imports of relative files, exports written on their declarations
      "no-restricted-syntax": [
        "error",
        { selector: "ImportDeclaration[specifiers.length=0]", message: 'Import names: import { el } from "./common.js";' },
        { selector: "ImportDefaultSpecifier, ImportNamespaceSpecifier", message: 'Import names: import { el } from "./common.js";' },
        { selector: "ImportDeclaration[source.value!=/^\\.\\.?\\/.*\\.js$/]", message: "Import a file of widgets/ by its relative path (the browser has no node_modules)." },
        { selector: "ExportNamedDeclaration[declaration=null], ExportAllDeclaration", message: "Write export before the declaration." },
        { selector: "ImportExpression", message: "No dynamic import: the build joins the files into one module." },
      ],
      eqeqeq: "error",
      "no-var": "error",
      "prefer-const": "error",
    },
  },
  {
    files: ["eslint.config.mjs"],
    languageOptions: { sourceType: "module", globals: globals.node },
  },
];
