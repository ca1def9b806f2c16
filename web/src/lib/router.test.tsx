import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import {
  Link,
  MemoryRouter,
  type NavigateFunction,
  Navigate,
  Route,
  Routes,
  matchPath,
  parsePath,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from './router';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}${location.hash}`}</output>;
}

function Param({ name }: { name: string }) {
  return <p>{`${name}=${useParams()[name] ?? '(none)'}`}</p>;
}

let navigate: NavigateFunction = () => undefined;
function GrabNavigate() {
  const current = useNavigate();
  useEffect(() => {
    navigate = current;
  }, [current]);
  return null;
}

const where = () => screen.getByTestId('where').textContent;

describe('matchPath', () => {
  it('matches static and :param segments, decoded, case-insensitively, with or without a trailing slash', () => {
    expect(matchPath('/ticket/:ticketId', '/ticket/T%2D0001')).toEqual({
      params: { ticketId: 'T-0001' },
      rank: 13,
    });
    expect(matchPath('/Profile', '/profile/')).not.toBeNull();
    expect(matchPath('/ticket/:ticketId', '/ticket')).toBeNull();
    expect(matchPath('/ticket/:ticketId', '/ticket/a/b')).toBeNull();
    expect(matchPath('/', '/')).toEqual({ params: {}, rank: 0 });
    expect(matchPath('*', '/any/where')).toEqual({ params: { '*': 'any/where' }, rank: -2 });
  });

  it('keeps a segment that is not valid percent-encoding as it is', () => {
    expect(matchPath('/ticket/:ticketId', '/ticket/%E0%A4%A')?.params.ticketId).toBe('%E0%A4%A');
  });
});

describe('parsePath', () => {
  it('splits the path, the search and the hash', () => {
    expect(parsePath('/a/b?c=d#e')).toEqual({ pathname: '/a/b', search: '?c=d', hash: '#e' });
    expect(parsePath('?x=1')).toEqual({ pathname: '/', search: '?x=1', hash: '' });
  });
});

describe('Routes', () => {
  const table = (
    <Routes>
      <Route path="*" element={<p>not found</p>} />
      <Route path="/new-ticket/:category" element={<Param name="category" />} />
      <Route path="/new-ticket" element={<p>categories</p>} />
    </Routes>
  );

  it('renders the most specific match whatever the order, and * when nothing else matches', () => {
    const { unmount } = render(<MemoryRouter initialEntries={['/new-ticket/tools']}>{table}</MemoryRouter>);
    expect(screen.getByText('category=tools')).toBeInTheDocument();
    unmount();
    render(<MemoryRouter initialEntries={['/new-ticket']}>{table}</MemoryRouter>);
    expect(screen.getByText('categories')).toBeInTheDocument();
  });

  it('falls back to * for an unknown address', () => {
    render(<MemoryRouter initialEntries={['/nowhere']}>{table}</MemoryRouter>);
    expect(screen.getByText('not found')).toBeInTheDocument();
  });
});

describe('Link and navigation', () => {
  it('goes to the link on a plain click, keeps its state, and back returns', async () => {
    function State() {
      return <p>{`state=${JSON.stringify(useLocation().state)}`}</p>;
    }
    render(
      <MemoryRouter initialEntries={['/start']}>
        <GrabNavigate />
        <Link to="/next?page=2" state={{ from: 'start' }}>
          Next
        </Link>
        <Where />
        <State />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Next' });
    expect(link).toHaveAttribute('href', '/next?page=2');
    fireEvent.click(link);
    expect(where()).toBe('/next?page=2');
    expect(screen.getByText('state={"from":"start"}')).toBeInTheDocument();
    act(() => navigate(-1));
    expect(where()).toBe('/start');
  });

  it('leaves a click with a modifier key (a new tab) to the browser', () => {
    render(
      <MemoryRouter initialEntries={['/start']}>
        <Link to="/next">Next</Link>
        <Where />
      </MemoryRouter>,
    );
    const clicked = fireEvent.click(screen.getByRole('link', { name: 'Next' }), { ctrlKey: true });
    expect(clicked).toBe(true);
    expect(where()).toBe('/start');
  });

  it('replaces the entry when the link goes where the page already is', () => {
    render(
      <MemoryRouter initialEntries={['/first', '/here']}>
        <GrabNavigate />
        <Link to="/here">Here</Link>
        <Where />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Here' }));
    act(() => navigate(-1));
    expect(where()).toBe('/first');
  });

  it('Navigate goes on at once, replacing the entry', () => {
    render(
      <MemoryRouter initialEntries={['/old']}>
        <Routes>
          <Route path="/old" element={<Navigate to="/new" replace />} />
          <Route path="/new" element={<p>new page</p>} />
        </Routes>
        <Where />
      </MemoryRouter>,
    );
    expect(screen.getByText('new page')).toBeInTheDocument();
    expect(where()).toBe('/new');
  });
});

describe('useSearchParams', () => {
  it('reads the search, and two quick updates in a row both land', () => {
    let setParams: ReturnType<typeof useSearchParams>[1] = () => undefined;
    function Filters() {
      const [params, set] = useSearchParams();
      useEffect(() => {
        setParams = set;
      }, [set]);
      return <p>{`status=${params.get('status') ?? ''} page=${params.get('page') ?? ''}`}</p>;
    }
    render(
      <MemoryRouter initialEntries={['/queue?status=new']}>
        <Filters />
        <Where />
      </MemoryRouter>,
    );
    expect(screen.getByText('status=new page=')).toBeInTheDocument();
    act(() => {
      setParams((current) => {
        current.set('status', 'done');
        return current;
      });
      setParams((current) => {
        current.set('page', '2');
        return current;
      });
    });
    expect(where()).toBe('/queue?status=done&page=2');
    act(() => setParams({ status: 'open' }, { replace: true }));
    expect(where()).toBe('/queue?status=open');
  });
});
