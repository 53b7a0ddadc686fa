import { data } from 'react-router';
import { ErrorPage } from '../../../components/layout/error-page.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import type { Route } from './+types/not-found';

/** Any path no page answers: a real 404 status, in the language of the URL's prefix. */
export function loader() {
  return data({}, { status: 404 });
}

export const meta: Route.MetaFunction = noindexMeta('notFound.title');

export default function NotFound() {
  return <ErrorPage status={404} />;
}
