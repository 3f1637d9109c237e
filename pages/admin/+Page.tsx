import { AdminPanel } from '../../src/components/AdminPanel/AdminPanel.tsx';
import { AdminApiProvider } from '../../src/client/trpc.tsx';
import { Toaster } from '../../src/components/Toast/Toaster.tsx';

export default function Page() {
  return (
    <AdminApiProvider>
      <AdminPanel />
      <Toaster />
    </AdminApiProvider>
  );
}
