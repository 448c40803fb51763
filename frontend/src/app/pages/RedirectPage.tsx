import { Navigate, useLocation, useParams } from 'react-router';

/** /redirect/{path}: goes to /{path}; pages use it to reload their own route. */
export default function RedirectPage() {
  const rest = useParams()['*'] ?? '';
  const { search, hash } = useLocation();
  return <Navigate to={`/${rest}${search}${hash}`} replace />;
}
