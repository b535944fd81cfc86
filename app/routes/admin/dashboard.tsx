export default function AdminDashboard() {
  return <h2 className="text-xl font-bold">Dashboard</h2>;
}
