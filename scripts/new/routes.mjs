// Where a new route file would stand, by TanStack Router's own rules: its generator runs over a copy of the routes.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Generator, getConfig, inferFullPath } from '@tanstack/router-generator';
import { ROUTE_TREE } from '../../build/route-tree.mjs';

const RELATIVE_IMPORT = /\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const EXTENSIONS = ['', '.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts', '/index.js'];
const served = (node) => inferFullPath(node).replace(/(.)\/$/, '$1');

async function routeTreeWith(root, routeFile) {
  const scratch = mkdtempSync(join(tmpdir(), 'snxt-routes-'));
  try {
    const routes = join(scratch, 'routes');
    cpSync(join(root, ROUTE_TREE.routesDirectory), routes, { recursive: true });
    const added = join(routes, routeFile);
    mkdirSync(dirname(added), { recursive: true });
    writeFileSync(
      added,
      "import { createFileRoute } from '@tanstack/react-router';\n\nexport const Route = createFileRoute('/')({});\n",
    );
    let tree;
    const config = getConfig(
      {
        ...ROUTE_TREE,
        routesDirectory: routes,
        generatedRouteTree: join(scratch, 'routeTree.gen.ts'),
        tmpDir: join(scratch, 'tmp'),
        disableLogging: true,
        plugins: [{ name: 'snxt-route-map', onRouteTreeChanged: (result) => void (tree = result) }],
      },
      scratch,
    );
    await new Generator({ config, root: scratch }).run();
    return tree;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** A route file and the files it imports from the app (two steps deep): does any of them render an <Outlet />? */
function showsOutlet(files) {
  const seen = new Set();
  let layer = files;
  for (let depth = 0; depth < 3 && layer.length > 0; depth += 1) {
    const next = [];
    for (const file of layer) {
      if (seen.has(file)) continue;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      if (/\bOutlet\b/.test(text)) return true;
      for (const [, specifier] of text.matchAll(RELATIVE_IMPORT)) {
        const found = EXTENSIONS.map((extension) => resolve(dirname(file), specifier + extension)).find((candidate) =>
          statSync(candidate, { throwIfNoEntry: false })?.isFile(),
        );
        if (found) next.push(found);
      }
    }
    layer = next;
  }
  return false;
}

function conflict(error, routeFile) {
  const message = error instanceof Error ? error.message : String(error);
  const path = /^Conflicting configuration paths[^"]*"([^"]+)"/.exec(message)?.[1];
  const files = message
    .split('\n')
    .map((line) => /[\\/]routes[\\/](.+)$/.exec(line.trim())?.[1]?.replaceAll('\\', '/'))
    .filter((file) => file && file !== routeFile);
  if (path && files.length > 0)
    return `${path} is served already by ${files.map((file) => `src/routes/${file}`).join(', ')}`;
  return `the router cannot place it: ${message.split('\n')[0]}`;
}

/** Why a new route file (relative to the routes folder) cannot serve its page well, or null. */
export async function routeFileProblem(root, routeFile) {
  const routesFolder = join(root, ROUTE_TREE.routesDirectory);
  let tree;
  try {
    tree = await routeTreeWith(root, routeFile);
  } catch (error) {
    return conflict(error, routeFile);
  }
  const named = (node) => `src/routes/${node.filePath}`;
  const added = tree.routeNodes.find((node) => node.filePath === routeFile);
  if (!added) return 'the router does not read it as a route';
  const path = served(added);
  const twin =
    tree.routeNodes.find((node) => node !== added && served(node) === path) ??
    Object.values(tree.acc.routePiecesByPath[added.routePath] ?? {})[0];
  if (twin) return `${path} is served already by ${named(twin)}`;
  if (added.children?.length) {
    return `it would become the frame of ${added.children.map(named).join(', ')}, which would no longer show`;
  }
  const parent = added.parent;
  if (parent && !parent.isVirtual) {
    const pieces = Object.values(tree.acc.routePiecesByPath[parent.routePath] ?? {});
    const files = [parent, ...pieces].map((node) => join(routesFolder, node.filePath));
    const text = readFileSync(files[0], 'utf8');
    if (/\bcomponent\b/.test(text) && !showsOutlet(files)) {
      return `it would show inside ${named(parent)}, whose page renders no <Outlet />`;
    }
  }
  return null;
}
