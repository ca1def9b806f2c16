import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import { currentUser } from '../../lib/auth/api';

// The tool catalogue (Firestore `toolCatalog`), read through GET /api/tool-catalog so the tools
// form needs no Firestore SDK. It changes rarely, so it is read once per page life and shared by
// every form that opens; a failed read is forgotten so that "try again" reads it afresh.

export const TOOL_STATUSES = ['available', 'limited', 'unavailable'] as const;
export type ToolStatus = (typeof TOOL_STATUSES)[number];
export type ToolProvider = 'client' | 'company';

export type CatalogTool = {
  id: string;
  name: string;
  /** A same-origin path such as `/tool-images/drill.svg`, or null when there is none. */
  image: string | null;
  unit: string;
  category: string;
  status: ToolStatus;
  providedBy: ToolProvider;
};

/** Same-origin paths only: a catalogue entry must not make the app load images from elsewhere. */
const sameOriginPath = z
  .string()
  .regex(/^\/(?!\/)[^\s\\]*$/)
  .nullable()
  .catch(null);

const catalogToolSchema = z.object({
  name: z.string().trim().min(1),
  image: sameOriginPath.default(null),
  unit: z.string().trim().catch(''),
  category: z.string().trim().catch(''),
  // A status the app does not know is not offered for ordering.
  status: z.enum(TOOL_STATUSES).catch('unavailable'),
  providedBy: z.enum(['client', 'company']).catch('company'),
});

/** A catalogue document as the app shows it; null when it has no usable name. */
export function toCatalogTool(id: string, data: unknown): CatalogTool | null {
  const parsed = catalogToolSchema.safeParse(data);
  return parsed.success ? { id, ...parsed.data } : null;
}

const byCategoryThenName = (a: CatalogTool, b: CatalogTool) =>
  a.category.localeCompare(b.category) || a.name.localeCompare(b.name);

const catalogResponseSchema = z.object({ data: z.array(z.object({ id: z.string() }).loose()) });

async function readToolCatalog(fetcher: typeof fetch = fetch): Promise<CatalogTool[]> {
  const user = currentUser();
  if (!user) throw new Error('not signed in');
  const response = await fetcher('/api/tool-catalog', {
    headers: { Authorization: `Bearer ${await user.getIdToken()}`, Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`GET /api/tool-catalog answered ${response.status}`);
  const { data } = catalogResponseSchema.parse(await response.json());
  return data
    .map(({ id, ...fields }) => toCatalogTool(id, fields))
    .filter((tool): tool is CatalogTool => tool !== null)
    .sort(byCategoryThenName);
}

let catalogRead: Promise<CatalogTool[]> | undefined;

function toolCatalog(): Promise<CatalogTool[]> {
  catalogRead ??= readToolCatalog().catch((error: unknown) => {
    catalogRead = undefined;
    throw error;
  });
  return catalogRead;
}

export type ToolCatalogState = {
  tools: CatalogTool[];
  isLoading: boolean;
  error: unknown;
  /** Reads the catalogue again after a failure. */
  retry: () => void;
};

/** The tool catalogue, sorted by category and name. */
export function useToolCatalog(): ToolCatalogState {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Omit<ToolCatalogState, 'retry'>>({
    tools: [],
    isLoading: true,
    error: null,
  });

  useEffect(() => {
    let isCurrent = true;
    toolCatalog().then(
      (tools) => {
        if (isCurrent) setState({ tools, isLoading: false, error: null });
      },
      (error: unknown) => {
        if (isCurrent) setState({ tools: [], isLoading: false, error: error ?? new Error('toolCatalog') });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ tools: [], isLoading: true, error: null });
    setAttempt((count) => count + 1);
  }, []);
  return { ...state, retry };
}
