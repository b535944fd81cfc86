import { data } from 'react-router';

// Any path no other route matches: a real 404 page (the root error boundary renders it).
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
