// https://vike.dev/usePageContext : the page context for any component, on the server and in the browser.
import { createContext, useContext, type ReactNode } from 'react';
import type { PageContext } from 'vike/types';

const Context = createContext<PageContext | undefined>(undefined);

export function PageContextProvider({
  pageContext,
  children,
}: {
  pageContext: PageContext;
  children: ReactNode;
}) {
  return <Context.Provider value={pageContext}>{children}</Context.Provider>;
}

export function usePageContext(): PageContext {
  const pageContext = useContext(Context);
  if (!pageContext) throw new Error('usePageContext() outside of <PageContextProvider>');
  return pageContext;
}
