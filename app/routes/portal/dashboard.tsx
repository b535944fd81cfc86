export default function PortalDashboard() {
  return <h2 className="text-xl font-bold">Dashboard</h2>;
}
