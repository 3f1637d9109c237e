// https://trpc.io/docs/client/tanstack-react-query/setup : tRPC through TanStack Query, for the admin screens
// only (public pages post their two forms with fetch and never load this).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { useState, type ReactNode } from 'react';
import type { AppRouter } from '../server/http/trpc/app-router.ts';

export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

/** No retry, no refetch on focus or interval, never stale. */
function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}

export function AdminApiProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      links: [
        httpBatchLink({
          url: '/trpc',
          fetch: (url, options) => fetch(url, { ...options, credentials: 'include' }),
        }),
      ],
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}

/** The server's sentence for a failed call (the errorFormatter in src/server/http/trpc/init.ts keeps 5xx text generic). */
export function serverMessageOf(error: unknown): string | undefined {
  return error instanceof TRPCClientError && typeof error.message === 'string' && error.message
    ? error.message
    : undefined;
}

/** Refused because someone else saved the item after this editor loaded it (409 from a save). */
export function isEditConflict(error: unknown): boolean {
  return (
    error instanceof TRPCClientError &&
    (error.data as { httpStatus?: number } | undefined)?.httpStatus === 409
  );
}

/** Messages by field for a form, from the zod issues the server reported. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof TRPCClientError)) return {};
  const byField = (error.data as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors ?? {};
  return Object.fromEntries(Object.entries(byField).map(([field, messages]) => [field, messages[0] ?? '']));
}
