// The exported page's answers (gb16 serve --export): the same Python functions the server's
// JSON API calls (gb16.tools.serve.api), run in the browser by Pyodide from this folder's own
// files — pyodide/ (the runtime) and gb16.zip (the reference and what it needs).  app.js asks
// window.gb16Offline.ask(name, body) instead of POST api/<name>; the answer is the line the
// server would send, byte for byte.  Nothing is fetched from another host.
"use strict";

(function () {
  const base = new URL(".", document.baseURI);
  let api = null;

  async function startPython() {
    const archive = fetch(new URL("gb16.zip", base)).then(r => {
      if (!r.ok) throw new Error(`gb16.zip: HTTP ${r.status}`);
      return r.arrayBuffer();
    });
    const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", base).href });
    pyodide.unpackArchive(await archive, "zip", { extractDir: "/home/pyodide/gb16" });
    pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/gb16')");
    const module = pyodide.pyimport("gb16.tools.serve.api");
    api = module.answer_line;
    return true;
  }

  const ready = startPython();

  window.gb16Offline = {
    ready,
    /** Whether the reference has started (the first visit takes seconds: the runtime is compiled). */
    started: () => api !== null,
    /** The answer of api/<name> to the JSON text `body`, as the server's JSON line (a string). */
    async ask(name, body) {
      await ready;
      return api(name, body);
    },
  };

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register(new URL("sw.js", base).href, { scope: base.href }).catch(() => {});
  }
})();
