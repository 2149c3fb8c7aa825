import { useLocation } from 'react-router';
import { findNavEntry, toSectionPath } from '../navigation';
import { NotFoundPage } from './not-found-page';
import { NotReadyPage } from './not-ready-page';

/** Any path no built route took: a known section is "not ready yet", anything else is a 404. */
export function SectionFallback() {
  const { pathname } = useLocation();
  return findNavEntry(toSectionPath(pathname)) ? <NotReadyPage /> : <NotFoundPage />;
}
