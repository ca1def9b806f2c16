import {
  type AnchorHTMLAttributes,
  Children,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  createContext,
  isValidElement,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';

/*
 * The app's router: the address bar as React state, the route table's matching, links and the
 * search parameters. It does what the app needs and no more, so every route loads about 12 KB gzip
 * less than with react-router (measured with `npm run bench`). Paths are absolute; a route's path is
 * `/static/:param` segments or `*` (anything); the best match wins (static segments before
 * parameters, `*` last), case-insensitively and with or without a trailing slash. Navigations render
 * in a transition, so a screen whose code is still loading keeps the current one on view.
 */

export type Location = {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation carried (Link's or navigate's `state`), or null. */
  state: unknown;
  key: string;
};
export type NavigateOptions = { replace?: boolean; state?: unknown };
/** Goes to an absolute path, or moves through the history by a number of steps (-1: back). */
export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

type Path = Pick<Location, 'pathname' | 'search' | 'hash'>;
type History = {
  readonly location: Location;
  push: (path: Path, state: unknown) => void;
  replace: (path: Path, state: unknown) => void;
  go: (delta: number) => void;
  listen: (listener: (location: Location) => void) => () => void;
};

/** Splits `/a/b?c=d#e` into its parts. */
export function parsePath(to: string): Path {
  let rest = to;
  let hash = '';
  let search = '';
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) [rest, hash] = [rest.slice(0, hashAt), rest.slice(hashAt)];
  const searchAt = rest.indexOf('?');
  if (searchAt >= 0) [rest, search] = [rest.slice(0, searchAt), rest.slice(searchAt)];
  return {
    pathname: rest || '/',
    search: search === '?' ? '' : search,
    hash: hash === '#' ? '' : hash,
  };
}

export const pathOf = ({ pathname, search, hash }: Path): string => `${pathname}${search}${hash}`;

let lastKey = 0;
const nextKey = () => (++lastKey).toString(36);

function browserHistory(): History {
  const listeners = new Set<(location: Location) => void>();
  const read = (): Location => {
    const entry = window.history.state as { usr?: unknown; key?: string } | null;
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
  };
  let location = read();
  const change = () => {
    location = read();
    listeners.forEach((listener) => listener(location));
  };
  window.addEventListener('popstate', change);
  const write = (method: 'pushState' | 'replaceState') => (path: Path, state: unknown) => {
    window.history[method]({ usr: state, key: nextKey() }, '', pathOf(path));
    change();
  };
  return {
    get location() {
      return location;
    },
    push: write('pushState'),
    replace: write('replaceState'),
    go: (delta) => window.history.go(delta),
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type InitialEntry = string | (Partial<Path> & { state?: unknown });

function memoryHistory(initialEntries: readonly InitialEntry[], initialIndex?: number): History {
  const listeners = new Set<(location: Location) => void>();
  const toLocation = (entry: InitialEntry): Location =>
    typeof entry === 'string'
      ? { ...parsePath(entry), state: null, key: nextKey() }
      : {
          pathname: entry.pathname ?? '/',
          search: entry.search ?? '',
          hash: entry.hash ?? '',
          state: entry.state ?? null,
          key: nextKey(),
        };
  const entries = (initialEntries.length > 0 ? initialEntries : ['/']).map(toLocation);
  let index = Math.min(Math.max(initialIndex ?? entries.length - 1, 0), entries.length - 1);
  const notify = () => listeners.forEach((listener) => listener(entries[index]!));
  return {
    get location() {
      return entries[index]!;
    },
    push: (path, state) => {
      entries.splice(index + 1, entries.length, { ...path, state, key: nextKey() });
      index = entries.length - 1;
      notify();
    },
    replace: (path, state) => {
      entries[index] = { ...path, state, key: nextKey() };
      notify();
    },
    go: (delta) => {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      notify();
    },
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

type RouterValue = { location: Location; navigate: NavigateFunction; history: History };
const RouterContext = createContext<RouterValue | null>(null);
const ParamsContext = createContext<Readonly<Record<string, string>>>({});

function Router({ history, children }: { history: History; children: ReactNode }) {
  const [location, setLocation] = useState(history.location);
  // A layout effect: it listens before any screen's effect can navigate.
  useLayoutEffect(() => history.listen((next) => startTransition(() => setLocation(next))), [history]);
  const navigate = useCallback<NavigateFunction>(
    (to, options = {}) => {
      if (typeof to === 'number') return history.go(to);
      const path = parsePath(to);
      if (options.replace) history.replace(path, options.state ?? null);
      else history.push(path, options.state ?? null);
    },
    [history],
  );
  const value = useMemo(() => ({ location, navigate, history }), [location, navigate, history]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** The router of the app: the browser's address bar and history. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(browserHistory);
  return <Router history={history}>{children}</Router>;
}

/** A router with its own history in memory, for tests: starts at `initialEntries[initialIndex]` (else the last). */
export function MemoryRouter({
  children,
  initialEntries = ['/'],
  initialIndex,
}: {
  children: ReactNode;
  initialEntries?: readonly InitialEntry[];
  initialIndex?: number;
}) {
  const [history] = useState(() => memoryHistory(initialEntries, initialIndex));
  return <Router history={history}>{children}</Router>;
}

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('A link or route was rendered outside the router (BrowserRouter).');
  return router;
}

export const useLocation = (): Location => useRouter().location;
export const useNavigate = (): NavigateFunction => useRouter().navigate;
/** The `:name` parts of the address the current route matched, decoded. */
export const useParams = (): Readonly<Partial<Record<string, string>>> => useContext(ParamsContext);

type SearchInit = URLSearchParams | string | Record<string, string>;
export type SetSearchParams = (
  next: SearchInit | ((current: URLSearchParams) => SearchInit),
  options?: NavigateOptions,
) => void;

/**
 * The address's search parameters, and a setter that goes to the same path with new ones. A
 * function receives the parameters of the address as it is at that moment (not as last rendered),
 * so two quick changes do not undo each other.
 */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { location, navigate, history } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback<SetSearchParams>(
    (next, options) => {
      const now = history.location;
      const value = typeof next === 'function' ? next(new URLSearchParams(now.search)) : next;
      const search = new URLSearchParams(value).toString();
      navigate(`${now.pathname}${search ? `?${search}` : ''}`, options);
    },
    [history, navigate],
  );
  return [params, setParams];
}

export type RouteProps = { path: string; element: ReactNode };

/** One entry of a Routes table; Routes reads its props, it renders nothing itself. */
export function Route(_props: RouteProps): null {
  return null;
}

const STATIC_SEGMENT = 10;
const PARAM_SEGMENT = 3;
const SPLAT = -2;

/** The parameters when `pattern` matches `pathname`, with the match's rank (higher is more specific). */
export function matchPath(
  pattern: string,
  pathname: string,
): { params: Record<string, string>; rank: number } | null {
  const patternParts = pattern.split('/').filter(Boolean);
  const pathParts = pathname.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  let rank = 0;
  for (let i = 0; i < patternParts.length; i++) {
    const part = patternParts[i]!;
    if (part === '*' && i === patternParts.length - 1) {
      params['*'] = pathParts.slice(i).join('/');
      return { params, rank: rank + SPLAT };
    }
    const segment = pathParts[i];
    if (segment === undefined) return null;
    if (part.startsWith(':')) {
      params[part.slice(1)] = decodeSegment(segment);
      rank += PARAM_SEGMENT;
    } else if (part.toLowerCase() === segment.toLowerCase()) {
      rank += STATIC_SEGMENT;
    } else {
      return null;
    }
  }
  return pathParts.length === patternParts.length ? { params, rank } : null;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Renders the element of the best-matching Route among its children (nothing when none matches). */
export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  let best: { element: ReactNode; params: Record<string, string>; rank: number } | undefined;
  for (const child of Children.toArray(children)) {
    if (!isValidElement(child)) continue;
    const { path, element } = (child as ReactElement<RouteProps>).props;
    const match = matchPath(path, pathname);
    if (match && (!best || match.rank > best.rank)) best = { element, ...match };
  }
  if (!best) return null;
  return <ParamsContext.Provider value={best.params}>{best.element}</ParamsContext.Provider>;
}

/** Goes to `to` once rendered. */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * A link inside the app: a real `<a href>` (opens in a new tab with a modifier key or a middle click),
 * and a left click navigates without reloading the page. A link to the address already shown
 * replaces it rather than adding a second history entry.
 */
export function Link({ to, replace, state, onClick, target, ...anchor }: LinkProps) {
  const { location, navigate } = useRouter();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const isModified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || event.button !== 0 || isModified || (target && target !== '_self')) return;
    event.preventDefault();
    navigate(to, { replace: replace ?? pathOf(location) === pathOf(parsePath(to)), state });
  };
  return <a {...anchor} href={to} target={target} onClick={follow} />;
}
