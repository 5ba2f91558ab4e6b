/* Prerendered pages paint before their scripts run (see paint_first_plugin.py).
 *
 * React Router ends every prerendered page with an async module script that imports the
 * route modules and the client entry, which hydrates the page. It runs as soon as its
 * modules arrive, often before the browser has painted the HTML it already has, and then
 * holds the first paint until hydration is done. Here that loader, and the module
 * preloads in the head (which download the scripts ahead of the stylesheet), wait for the
 * first frame: the page shows what it has, then downloads its scripts and hydrates. */

import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

const LOADER = /<script type="module" async="">([\s\S]*?)<\/script>/;
const STATIC_IMPORT = /import (?:\* as (\w+) from )?("[^"]+");/g;
const ROUTE_MODULES = /window\.__reactRouterRouteModules = (\{[^;]*\});/;
const ENTRY = /import\(("[^"]+")\);/;
const PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;

/** The loader's body, run after the first frame (at once in a hidden tab, which paints
 * nothing); it first preloads `preloads` so the module graph downloads in parallel. */
export function deferredLoader(body, preloads) {
  const imports = [...body.matchAll(STATIC_IMPORT)];
  const routes = ROUTE_MODULES.exec(body);
  const entry = ENTRY.exec(body);
  if (!imports.length || !routes || !entry) {
    throw new Error("paint-first: React Router's module loader changed; update paint_first.mjs");
  }
  const names = imports.map(([, name], i) => name ?? `_${i}`).join(",");
  const loads = imports.map(([, , url]) => `import(${url})`).join(",");
  return (
    `const load=async()=>{for(const href of ${JSON.stringify(preloads)}){` +
    'const link=document.createElement("link");link.rel="modulepreload";link.href=href;' +
    "document.head.append(link)}" +
    `const [${names}]=await Promise.all([${loads}]);` +
    `window.__reactRouterRouteModules=${routes[1]};import(${entry[1]})};` +
    "document.hidden?load():requestAnimationFrame(()=>setTimeout(load))"
  );
}

/** The page with its module preloads and loader moved after the first frame. */
export function paintFirst(html) {
  const loader = LOADER.exec(html);
  const preloads = [...html.matchAll(PRELOAD)].map(([, href]) => href);
  if (!loader) {
    if (preloads.length) {
      throw new Error("paint-first: a page preloads modules but has no module loader");
    }
    return html;
  }
  const script = `<script type="module" async="">${deferredLoader(loader[1], preloads)}</script>`;
  return (
    html.slice(0, loader.index) + script + html.slice(loader.index + loader[0].length)
  ).replace(PRELOAD, "");
}

async function* htmlFiles(directory) {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith(".html")) yield path;
  }
}

/** Rewrite every prerendered page under `directory`; returns how many were rewritten. */
export async function paintFirstPages(directory) {
  let count = 0;
  for await (const path of htmlFiles(directory)) {
    const html = await readFile(path, "utf8");
    const changed = paintFirst(html);
    if (changed !== html) {
      await writeFile(path, changed);
      count += 1;
    }
  }
  return count;
}
