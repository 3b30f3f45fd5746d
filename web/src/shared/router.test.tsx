// The router of our own (router.tsx, decision 0049) in a DOM: which route a path renders, the params it gives,
// Navigate, the browser's history (push, replace, back) and location changes as transitions.
import { act, type ReactNode, Suspense, use } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  BrowserRouter,
  Link,
  type Location,
  Navigate,
  type NavigateFunction,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from "./router.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root;
/** The router's navigate and location, as the last render saw them. */
let nav: NavigateFunction;
let seen: Location;

function Spy() {
  nav = useNavigate();
  seen = useLocation();
  return null;
}

function Params({ name }: { name: string }) {
  const params = useParams();
  return (
    <p>
      {name} {JSON.stringify(params)}
    </p>
  );
}

async function render(path: string, routes: ReactNode, extra: ReactNode = null) {
  window.history.replaceState(null, "", path);
  await act(async () =>
    root.render(
      <BrowserRouter>
        <Spy />
        {extra}
        <Routes>{routes}</Routes>
      </BrowserRouter>,
    ),
  );
}

function Query() {
  const [params] = useSearchParams();
  return <p>{params.getAll("tag").join("+")}</p>;
}

/** A page whose chunk is still loading until `chunk` resolves. */
let chunk: Promise<void> = Promise.resolve();
function Slow() {
  use(chunk);
  return <p>slow page</p>;
}

const text = () => container.textContent ?? "";

async function go(to: string | number, options?: { replace?: boolean; state?: unknown }) {
  await act(async () => nav(to, options));
}

/**
 * happy-dom's history.go() navigates its window away; a browser moves along its entries and fires popstate. This
 * does the browser's part for one step back: the entry before, then the event the router listens to.
 */
async function browserBack(previous: { state: unknown; path: string }) {
  await act(async () => {
    window.history.replaceState(previous.state, "", previous.path);
    window.dispatchEvent(new PopStateEvent("popstate", { state: previous.state }));
  });
}

beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

const table = (
  <>
    <Route path="/" element={<Params name="home" />} />
    <Route path="/games" element={<Params name="games" />} />
    <Route path="/games/new" element={<Params name="new-game" />} />
    <Route path="/games/:gameId" element={<Params name="game" />} />
    <Route path="/words/:id/:lang" element={<Params name="word" />} />
    <Route
      path="/library"
      element={
        <div>
          library[
          <Outlet />]
        </div>
      }
    >
      <Route index element={<span>index</span>} />
      <Route path=":moduleId" element={<Params name="module" />} />
    </Route>
    <Route path="/files/*" element={<Params name="files" />} />
    <Route path="*" element={<Params name="not-found" />} />
  </>
);

describe("matching", () => {
  it.each([
    ["/", "home {}"],
    ["/games", "games {}"],
    ["/games/", "games {}"],
    ["/GAMES", "games {}"],
    ["/games/new", "new-game {}"],
    ["/games/flashcards", 'game {"gameId":"flashcards"}'],
    ["/words/12/fr", 'word {"id":"12","lang":"fr"}'],
    ["/library", "library[index]"],
    ["/library/7", 'library[module {"moduleId":"7"}]'],
    ["/files/a/b%20c", 'files {"*":"a/b c"}'],
    ["/games/flashcards/extra", 'not-found {"*":"games/flashcards/extra"}'],
    ["/nowhere", 'not-found {"*":"nowhere"}'],
  ])("%s renders %s", async (path, expected) => {
    await render(path, table);
    expect(text()).toBe(expected);
  });

  it("ranks a static segment over a :param, and a :param over *, whatever the table's order", async () => {
    const reversed = (
      <>
        <Route path="*" element={<Params name="splat" />} />
        <Route path="/a/:x" element={<Params name="param" />} />
        <Route path="/a/b" element={<Params name="static" />} />
      </>
    );
    await render("/a/b", reversed);
    expect(text()).toBe("static {}");
    await go("/a/c");
    expect(text()).toBe('param {"x":"c"}');
    await go("/z");
    expect(text()).toBe('splat {"*":"z"}');
  });

  it("renders nothing when no route matches, and decodes params", async () => {
    await render("/x", <Route path="/y" element={<p>y</p>} />);
    expect(text()).toBe("");
    await act(async () => root.unmount());
    root = createRoot(container);
    await render("/games/%D7%A9%D7%9C%D7%95%D7%9D", table);
    expect(text()).toBe('game {"gameId":"שלום"}');
  });

  it("reads the query string", async () => {
    await render("/q?tag=a&tag=b", <Route path="/q" element={<Query />} />);
    expect(text()).toBe("a+b");
    await go("/q?tag=c");
    expect(text()).toBe("c");
  });
});

describe("history", () => {
  it("pushes an entry per navigation, replaces on request, and goes back on history.go", async () => {
    await render("/", table);
    const start = window.history.length;
    await go("/games");
    const gamesEntry = window.history.state;
    await go("/games/quiz", { state: { from: "test" } });
    expect(window.history.length).toBe(start + 2);
    expect(seen).toMatchObject({ pathname: "/games/quiz", state: { from: "test" } });
    expect(text()).toBe('game {"gameId":"quiz"}');

    await go("/library", { replace: true });
    expect(window.history.length).toBe(start + 2);
    expect(window.location.pathname).toBe("/library");
    expect(seen.state).toBeNull();

    const historyGo = vi.spyOn(window.history, "go").mockImplementation(() => {});
    await act(async () => nav(-1));
    expect(historyGo).toHaveBeenCalledWith(-1);
    historyGo.mockRestore();
    await browserBack({ state: gamesEntry, path: "/games" });
    expect(seen.pathname).toBe("/games");
    expect(text()).toBe("games {}");
  });

  it("keeps the entry's state and key where react-router does, so a reload finds them", async () => {
    await render("/", table);
    await go("/games", { state: { n: 1 } });
    const entry = window.history.state as { usr: unknown; key: string };
    expect(entry.usr).toEqual({ n: 1 });
    expect(entry.key).toBe(seen.key);
    expect(entry.key).toMatch(/^[a-z0-9]+$/);
    await go("/library");
    expect(seen.key).not.toBe(entry.key);
  });

  it("keeps the hash and the query of the path it goes to", async () => {
    await render("/", table);
    await go("/games?level=2#top");
    expect(seen).toMatchObject({ pathname: "/games", search: "?level=2", hash: "#top" });
  });
});

describe("Navigate", () => {
  it("redirects on render, replacing the entry and passing the state", async () => {
    const routes = (
      <>
        <Route path="/old" element={<Navigate to="/new" replace state={{ why: "moved" }} />} />
        <Route path="/new" element={<p>new page</p>} />
      </>
    );
    const length = window.history.length;
    await render("/old", routes);
    expect(text()).toBe("new page");
    expect(window.location.pathname).toBe("/new");
    expect(window.history.length).toBe(length);
    expect(seen.state).toEqual({ why: "moved" });
  });

  it("pushes without replace", async () => {
    const routes = (
      <>
        <Route path="/a" element={<Navigate to="/b" />} />
        <Route path="/b" element={<p>b</p>} />
      </>
    );
    const length = window.history.length;
    await render("/a", routes);
    expect(text()).toBe("b");
    expect(window.history.length).toBe(length + 1);
  });
});

describe("Link and NavLink", () => {
  const links = (
    <nav>
      <Link to="/games">to games</Link>
      <NavLink to="/library/">to library</NavLink>
      <Link to="https://example.com/x">outside</Link>
    </nav>
  );
  const anchor = (name: string) =>
    [...container.querySelectorAll("a")].find((a) => a.textContent === name) as HTMLAnchorElement;
  const click = async (a: HTMLAnchorElement, init: MouseEventInit = {}) => {
    let event = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init });
    await act(async () => {
      event = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init });
      a.dispatchEvent(event);
    });
    return event.defaultPrevented;
  };

  it("navigates in the page on a plain click, and replaces the entry when it links to the page shown", async () => {
    await render("/", table, links);
    const length = window.history.length;
    expect(await click(anchor("to games"))).toBe(true);
    expect(seen.pathname).toBe("/games");
    expect(window.history.length).toBe(length + 1);
    expect(await click(anchor("to games"))).toBe(true);
    expect(window.history.length).toBe(length + 1);
  });

  it("leaves a modified click, a middle click and another origin to the browser", async () => {
    await render("/", table, links);
    expect(await click(anchor("to games"), { ctrlKey: true })).toBe(false);
    expect(await click(anchor("to games"), { shiftKey: true })).toBe(false);
    expect(await click(anchor("to games"), { button: 1 })).toBe(false);
    expect(await click(anchor("outside"))).toBe(false);
    expect(seen.pathname).toBe("/");
  });

  it("marks a NavLink current on its path and below it, not on a longer name", async () => {
    await render("/library/4", table, links);
    const library = () => anchor("to library");
    expect(library().getAttribute("aria-current")).toBe("page");
    expect(library().className).toBe("active");
    await go("/Library");
    expect(library().getAttribute("aria-current")).toBe("page");
    await go("/libraryx");
    expect(library().getAttribute("aria-current")).toBeNull();
    expect(library().className).toBe("");
  });
});

describe("transitions", () => {
  it("keeps the page on screen until the next one's chunk has loaded", async () => {
    let resolve: () => void = () => {};
    chunk = new Promise<void>((r) => {
      resolve = r;
    });
    const routes = (
      <>
        <Route path="/" element={<p>first page</p>} />
        <Route path="/slow" element={<Slow />} />
      </>
    );
    window.history.replaceState(null, "", "/");
    await act(async () =>
      root.render(
        <BrowserRouter>
          <Spy />
          <Suspense fallback={<p>loading</p>}>
            <Routes>{routes}</Routes>
          </Suspense>
        </BrowserRouter>,
      ),
    );
    expect(text()).toBe("first page");
    await go("/slow");
    expect(window.location.pathname).toBe("/slow");
    expect(text()).toBe("first page"); // not the fallback: the navigation is a transition
    await act(async () => resolve());
    expect(text()).toBe("slow page");
  });
});
