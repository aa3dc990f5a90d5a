// Run the course's Python in Pyodide under Node, offline: the wheels in the folder given (the package's, built
// fresh, and its pure dependencies) are unpacked into Pyodide's site-packages, then in_pyodide.py runs and
// prints its JSON line. Usage: node tests/pyodide/run.mjs <folder of wheels> [arguments of in_pyodide.py]
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const here = dirname(fileURLToPath(import.meta.url));
const wheels = resolve(process.argv[2]);
const pyodide = await loadPyodide({ stdout: (line) => console.log(line), stderr: (line) => console.error(line) });
pyodide.FS.mkdirTree("/wheels");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: wheels }, "/wheels");
pyodide.runPython(`
import glob, site, zipfile
for wheel in sorted(glob.glob("/wheels/*.whl")):
    zipfile.ZipFile(wheel).extractall(site.getsitepackages()[0])
`);
// the arguments after the folder reach in_pyodide.py as its own (--default-sizes: the benchmark's longer parts)
pyodide.globals.set("arguments", pyodide.toPy(process.argv.slice(3)));
pyodide.runPython(`import sys; sys.argv = ["in_pyodide.py", *arguments]`);
pyodide.runPython(readFileSync(join(here, "in_pyodide.py"), "utf8"));
