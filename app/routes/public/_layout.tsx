import { Outlet, useLocation, useNavigation } from 'react-router';
import { SponsorsLoading } from '../../components/public/sponsors-loading';

/**
 * The public pages. Pages are server-rendered, so a loading state only matters for client-side
 * navigations: arriving at /sponsors from another page shows its loading state (docs/product.md#sponsors).
 * (Changing the category on /sponsors shows it inside the page.)
 */
export default function PublicLayout() {
  const navigation = useNavigation();
  const location = useLocation();
  const arrivingAtSponsors = navigation.state === 'loading' && navigation.location.pathname === '/sponsors' && location.pathname !== '/sponsors';
  return arrivingAtSponsors ? <SponsorsLoading /> : <Outlet />;
}
