import { Link } from '../ui/link';

export const PARENTS_OF_JUNIORS = 'Registering a child under 18?';
export const PARENT_ROUTE_LABEL = 'Parents and carers start here';

/**
 * The way in for parents of junior players (issue 31): Home and Join Us point to the register
 * page's "I am a parent or carer", where one request covers all their children.
 */
export function ParentsOfJuniors({ className = '' }: { className?: string }) {
  return (
    <p className={className}>
      {PARENTS_OF_JUNIORS}{' '}
      <Link to="/register/parent" className="inline-flex min-h-11 items-center font-semibold underline underline-offset-2">
        {PARENT_ROUTE_LABEL}
      </Link>
    </p>
  );
}
