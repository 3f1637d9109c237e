import { AdminPanel } from '../../src/components/AdminPanel/AdminPanel.tsx';
import { AdminApiProvider } from '../../src/client/trpc.tsx';

export default function Page() {
  return (
    <AdminApiProvider>
      <AdminPanel />
    </AdminApiProvider>
  );
}
