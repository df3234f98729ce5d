/**
 * Route-level tests without a browser (docs/decisions/0042-one-posted-form-style.md): a route's
 * real loader and action run against the test's SQLite data folder with a signed-in request,
 * and its component renders their answers inside React Router's `createRoutesStub` (to HTML
 * with `react-dom/server`, so no DOM is needed).
 */
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import {
  createRoutesStub,
  type UNSAFE_DataWithResponseInit as DataWithResponseInit,
} from "react-router";
import { beforeAll } from "vitest";
import { loadAppModules, setUpTempDataDir, type AppModules } from "./app-modules";

const ORIGIN = "http://localhost:3000";

/** The Cookie header of a new session for this user in this account (as after signing in). */
export async function signedInCookie(userId: string, accountId: string): Promise<string> {
  const { createSession } = await import("../../app/lib/auth/session.server");
  const setCookie = await createSession(userId, accountId, new Request(ORIGIN), "127.0.0.1");
  return setCookie.split(";")[0]!;
}

/** A loader's or action's arguments for `path` (a GET, or a POST of `form`). */
export function routeArgs<Params extends Record<string, string>>(
  path: string,
  params: Params,
  { cookie, form }: { cookie: string; form?: Record<string, string> },
) {
  const body = form ? new URLSearchParams(form) : undefined;
  const request = new Request(`${ORIGIN}${path}`, {
    method: form ? "POST" : "GET",
    headers: {
      Cookie: cookie,
      ...(body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
    },
    body,
  });
  // The generated Route types ask for more than a test has (matches, the unstable pattern).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { request, params, context: {} } as any;
}

/** What a loader or action answered, a thrown Response included (React Router sends it as is). */
export async function answerOf(run: () => unknown): Promise<unknown> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

/** What an action answered, however it said it: a `data(…)` reply, a plain object or a Response. */
export function replyOf(answer: unknown): { status: number; data: unknown; location?: string } {
  if (answer instanceof Response) {
    return {
      status: answer.status,
      data: undefined,
      location: answer.headers.get("Location") ?? undefined,
    };
  }
  if (
    answer &&
    typeof answer === "object" &&
    "type" in answer &&
    answer.type === "DataWithResponseInit"
  ) {
    const reply = answer as unknown as DataWithResponseInit<unknown>;
    return { status: reply.init?.status ?? 200, data: reply.data };
  }
  return { status: 200, data: answer };
}

/**
 * The route's component rendered at `url` with its loader's data (and an action's reply), as
 * React Router would after a navigation or a post: through `createRoutesStub`.
 */
export function renderRoute({
  path,
  url,
  Component,
  loaderData,
  actionData,
}: {
  path: string;
  url: string;
  Component: ComponentType<never>;
  loaderData: unknown;
  actionData?: unknown;
}): string {
  const Stub = createRoutesStub([{ id: "route", path, Component: Component as ComponentType }]);
  return renderToString(
    createElement(Stub, {
      initialEntries: [url],
      hydrationData: {
        loaderData: { route: loaderData },
        actionData: actionData === undefined ? undefined : { route: actionData },
      },
    }),
  );
}

/** What a route test needs of the route module. */
interface RouteModule<LoaderData> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  loader: (args: any) => LoaderData | Promise<LoaderData>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  action: (args: any) => unknown;
  default: ComponentType<never>;
}

/**
 * One page of a route for a signed-in user: `load()` runs its loader, `post(form)` its action
 * (the answer read by `replyOf`), and `render(actionData?)` its component with fresh loader data.
 */
export function routePage<LoaderData, Params extends Record<string, string>>(
  module: RouteModule<LoaderData>,
  { path, url, params, cookie }: { path: string; url: string; params: Params; cookie: string },
) {
  const load = async () => await module.loader(routeArgs(url, params, { cookie }));
  return {
    load,
    post: async (form: Record<string, string>) =>
      replyOf(await module.action(routeArgs(url, params, { cookie, form }))),
    render: async (actionData?: unknown) =>
      renderRoute({ path, url, Component: module.default, loaderData: await load(), actionData }),
  };
}

export type RoutePage<LoaderData> = ReturnType<
  typeof routePage<LoaderData, Record<string, string>>
>;

/**
 * A route test file's page: its own data folder, named after `path` (so call it at the top
 * level), then before the tests the app's modules, the route's module, and the rows `setUp`
 * writes, which say who is signed in and the route's params. `url()` is `path` with those params
 * filled in.
 */
export function routeTestPage<LoaderData, Params extends Record<string, string>>({
  path,
  route,
  setUp,
}: {
  path: string;
  route: () => Promise<RouteModule<LoaderData>>;
  setUp: (
    m: AppModules,
  ) => Promise<{ signedIn: { userId: string; accountId: string }; params: Params }>;
}) {
  setUpTempDataDir(["route", ...path.split("/").filter((part) => /^\w/.test(part))].join("-"));
  let page: RoutePage<LoaderData> | undefined;
  let url = "";
  beforeAll(async () => {
    const m = await loadAppModules();
    const module = await route();
    const { signedIn, params } = await setUp(m);
    url = path.replace(/:(\w+)/g, (_, name: string) => params[name]!);
    const cookie = await signedInCookie(signedIn.userId, signedIn.accountId);
    page = routePage(module, { path, url, params, cookie });
  });
  const ready = () => {
    if (!page) throw new Error("The route's page is set up in beforeAll.");
    return page;
  };
  return {
    url: () => url,
    load: () => ready().load(),
    post: (form: Record<string, string>) => ready().post(form),
    render: (actionData?: unknown) => ready().render(actionData),
  };
}
