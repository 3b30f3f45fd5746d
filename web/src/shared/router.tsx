// A small router of our own with the part of react-router's API the app uses (decision 0049): the browser's
// history, a route table written as <Routes>/<Route> elements, Link, NavLink, Navigate, Outlet and the hooks
// (react-router's share of /home's first load is in the decision). Location changes render as transitions, as
// react-router's BrowserRouter does (the page on screen stays until the next one's chunk has loaded).
import {
  type AnchorHTMLAttributes,
  Children,
  createContext,
  Fragment,
  isValidElement,
  type MouseEvent,
  type ReactNode,
  type Ref,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";

export type Location = { pathname: string; search: string; hash: string; state: unknown; key: string };
type NavigateOptions = { replace?: boolean; state?: unknown };
export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;
type Params = Record<string, string | undefined>;

const LocationContext = createContext<{ location: Location; navigate: NavigateFunction } | null>(null);
const RouteContext = createContext<{ params: Params; outlet: ReactNode }>({ params: {}, outlet: null });

/** The history entry's state as react-router keeps it ({ usr, key }), so a reload finds it in the same place. */
type EntryState = { usr?: unknown; key?: string } | null;

function readLocation(): Location {
  const { pathname, search, hash } = window.location;
  const entry = window.history.state as EntryState;
  return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? "default" };
}

const pathOf = (l: { pathname: string; search: string; hash: string }) => `${l.pathname}${l.search}${l.hash}`;

export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(readLocation);
  useEffect(() => {
    const onPop = () => startTransition(() => setLocation(readLocation()));
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);
  const navigate = useCallback<NavigateFunction>((to, options) => {
    if (typeof to === "number") {
      window.history.go(to);
      return;
    }
    const url = new URL(to, window.location.href);
    const entry: EntryState = { usr: options?.state ?? null, key: Math.random().toString(36).slice(2, 10) };
    const path = pathOf(url);
    if (options?.replace) window.history.replaceState(entry, "", path);
    else window.history.pushState(entry, "", path);
    startTransition(() => setLocation(readLocation()));
  }, []);
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <LocationContext value={value}>{children}</LocationContext>;
}

function useRouter() {
  const router = useContext(LocationContext);
  if (!router) throw new Error("outside <BrowserRouter>");
  return router;
}

export const useLocation = (): Location => useRouter().location;
export const useNavigate = (): NavigateFunction => useRouter().navigate;
export const useParams = (): Params => useContext(RouteContext).params;
export const Outlet = () => <>{useContext(RouteContext).outlet}</>;

export function useSearchParams(): [URLSearchParams] {
  const { search } = useLocation();
  return [useMemo(() => new URLSearchParams(search), [search])];
}

export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: string;
  replace?: boolean;
  state?: unknown;
  reloadDocument?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

export function Link({ to, replace, state, reloadDocument, onClick, target, ...rest }: LinkProps) {
  const { location, navigate } = useRouter();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || reloadDocument || event.button !== 0 || modified) return;
    if (target && target !== "_self") return;
    const url = new URL(to, window.location.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    // A link to the page already shown replaces its entry (as react-router does).
    navigate(to, { replace: replace ?? pathOf(url) === pathOf(location), state });
  };
  return <a {...rest} href={to} target={target} onClick={handleClick} />;
}

/** A Link marked aria-current="page" (and class "active") on its path and below it. */
export function NavLink({ className, ...props }: LinkProps) {
  const { pathname } = useLocation();
  const here = pathname.toLowerCase();
  const to = props.to.toLowerCase().replace(/(.)\/$/, "$1");
  const active = here === to || (here.startsWith(to) && here.charAt(to.length) === "/");
  return (
    <Link
      {...props}
      aria-current={active ? "page" : undefined}
      className={[className, active ? "active" : null].filter(Boolean).join(" ")}
    />
  );
}

type RouteProps = { path?: string; index?: boolean; element?: ReactNode; children?: ReactNode };
/** A row of the route table; <Routes> reads it. */
export function Route(_: RouteProps): ReactNode {
  return null;
}

/** `leaf`: a route that names a path or is an index, which matches when the path ends there ("/" included). */
type RouteDef = { segments: string[]; index: boolean; leaf: boolean; element: ReactNode; children: RouteDef[] };

function routeDefs(children: ReactNode): RouteDef[] {
  const defs: RouteDef[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteProps>(child)) return;
    if (child.type === Fragment) {
      defs.push(...routeDefs(child.props.children));
      return;
    }
    const { path, index = false, element = null } = child.props;
    const segments = (path ?? "").split("/").filter(Boolean);
    defs.push({
      segments,
      index,
      leaf: path !== undefined || index,
      element,
      children: routeDefs(child.props.children),
    });
  });
  return defs;
}

type Match = { chain: RouteDef[]; params: Params; score: number };

/** Every way the route table matches the path, with react-router's ranking: static > :param > *. */
function matches(defs: RouteDef[], segments: string[], params: Params, score: number): Match[] {
  const found: Match[] = [];
  for (const def of defs) {
    const own: Params = { ...params };
    let i = 0;
    let points = score;
    let ok = true;
    for (const seg of def.segments) {
      if (seg === "*") {
        own["*"] = segments.slice(i).map(decodeURIComponent).join("/");
        i = segments.length;
        points -= 2;
        break;
      }
      const part = segments[i];
      if (part === undefined) {
        ok = false;
        break;
      }
      if (seg.startsWith(":")) {
        own[seg.slice(1)] = decodeURIComponent(part);
        points += 3;
      } else if (seg.toLowerCase() === part.toLowerCase()) points += 10;
      else {
        ok = false;
        break;
      }
      i++;
    }
    if (!ok) continue;
    const rest = segments.slice(i);
    if (def.children.length > 0) {
      for (const m of matches(def.children, rest, own, points)) found.push({ ...m, chain: [def, ...m.chain] });
    } else if (rest.length === 0 && def.leaf) {
      found.push({ chain: [def], params: own, score: points + (def.index ? 2 : 0) });
    } else if (def.segments.at(-1) === "*") {
      found.push({ chain: [def], params: own, score: points });
    }
  }
  return found;
}

export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const defs = useMemo(() => routeDefs(children), [children]);
  const segments = pathname.split("/").filter(Boolean);
  const best = matches(defs, segments, {}, 0).reduce<Match | null>((a, m) => (a && a.score >= m.score ? a : m), null);
  if (!best) return null;
  // Inside out: each route's element gets the next one as its <Outlet />.
  let outlet: ReactNode = null;
  for (const def of [...best.chain].reverse()) {
    outlet = <RouteContext value={{ params: best.params, outlet }}>{def.element}</RouteContext>;
  }
  return outlet;
}
