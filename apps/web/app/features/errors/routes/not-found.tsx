import { data } from 'react-router';
import { ErrorPage } from '../../../components/layout/error-page.tsx';
import { metaI18n } from '../../../lib/i18n.tsx';
import type { Route } from './+types/not-found';

/** Any path no page answers: a real 404 status, in the language of the URL's prefix. */
export function loader() {
  return data({}, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: `${t('notFound.title')} | ${t('app.name')}` }, { name: 'robots', content: 'noindex' }];
};

export default function NotFound() {
  return <ErrorPage status={404} />;
}
