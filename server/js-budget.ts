// JavaScript a page downloads, counted exactly from the client build: React Router's manifest
// lists each route's module and its static imports, so a page's JavaScript is the entry's files
// plus every matched route's files, each gzipped on its own (as a browser downloads them).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { matchRoutes, type RouteObject } from "react-router";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasDefaultExport?: boolean;
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

export function readClientManifest(buildDir: string): Manifest {
  const assets = path.join(buildDir, "client/assets");
  const file = fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`No React Router manifest in ${assets}: build first`);
  const source = fs.readFileSync(path.join(assets, file), "utf8");
  const json = source.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, "");
  return JSON.parse(json) as Manifest;
}

function routeTree(manifest: Manifest, parentId?: string): RouteObject[] {
  return Object.values(manifest.routes)
    .filter((route) => route.parentId === parentId)
    .map((route) => ({
      id: route.id,
      path: route.path,
      index: route.index,
      children: route.index ? undefined : routeTree(manifest, route.id),
    })) as RouteObject[];
}

/** The ids of the routes a page at `url` renders, outermost first. */
export function matchedRoutes(manifest: Manifest, url: string): string[] {
  return (matchRoutes(routeTree(manifest), url) ?? []).map((match) => match.route.id!);
}

/** The JavaScript files a page at `url` loads, and their gzip sizes in bytes. */
export function pageJavaScript(buildDir: string, manifest: Manifest, url: string) {
  const routes = matchedRoutes(manifest, url);
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of routes) {
    const route = manifest.routes[id]!;
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  let gzipBytes = 0;
  for (const file of files) {
    const bytes = fs.readFileSync(path.join(buildDir, "client", file));
    gzipBytes += zlib.gzipSync(bytes, { level: 9 }).length;
  }
  return { routes, files: [...files], gzipBytes };
}
