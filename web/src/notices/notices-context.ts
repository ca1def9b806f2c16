import { createContext, useContext } from 'react';
import type { NoticesApi } from './notice-types';

export const NoticesContext = createContext<NoticesApi | null>(null);

/** The notice API of the nearest NoticesProvider. */
export function useNotices(): NoticesApi {
  const api = useContext(NoticesContext);
  if (!api) throw new Error('useNotices() needs a <NoticesProvider> above it');
  return api;
}
