import { PageHeading } from "~/components/ui/page-heading";

export default function AdminDashboard() {
  return <PageHeading title="Admin Dashboard" />;
}
