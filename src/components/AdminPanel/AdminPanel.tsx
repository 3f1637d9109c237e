import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { usePageContext } from '../../../renderer/usePageContext.tsx';
import { apiRequest } from '../../client/api-request.ts';
import { useTRPC } from '../../client/trpc.tsx';
import { AccountTab } from './AccountTab.tsx';
import { DashboardTab } from './DashboardTab.tsx';
import { LeadsTab } from './LeadsTab.tsx';
import { PostsTab } from './PostsTab.tsx';
import { ReviewsTab } from './ReviewsTab.tsx';
import { SettingsTab } from './SettingsTab.tsx';
import * as styles from './admin.css.ts';

type TabId = 'dashboard' | 'content' | 'leads' | 'reviews' | 'settings' | 'account';

interface TabDefinition {
  id: TabId;
  label: string;
  /** Editors never see what only an admin may do; the server refuses it anyway (403). */
  adminOnly?: boolean;
  render: () => ReactNode;
}

const tabs: TabDefinition[] = [
  { id: 'dashboard', label: 'Dashboard', render: () => <DashboardTab /> },
  { id: 'content', label: 'Content Management', render: () => <PostsTab /> },
  { id: 'leads', label: 'Leads', render: () => <LeadsTab /> },
  { id: 'reviews', label: 'Reviews', render: () => <ReviewsTab /> },
  { id: 'settings', label: 'Settings', adminOnly: true, render: () => <SettingsTab /> },
  { id: 'account', label: 'Account', render: () => <AccountTab /> },
];

function tabFromHash(hash: string, allowed: TabDefinition[]): TabId {
  const wanted = hash.replace(/^#/, '');
  return allowed.find((tab) => tab.id === wanted)?.id ?? 'dashboard';
}

export function AdminPanel() {
  const { user, settings } = usePageContext();
  const trpc = useTRPC();
  const visibleTabs = tabs.filter((tab) => !tab.adminOnly || user?.role === 'admin');
  // The server rendered the Dashboard; the hash (a bookmark, a reload) is read once React runs.
  const [active, setActive] = useState<TabId>('dashboard');
  useEffect(() => setActive(tabFromHash(window.location.hash, visibleTabs)), []); // eslint-disable-line react-hooks/exhaustive-deps
  const tabRefs = useRef(new Map<TabId, HTMLButtonElement>());

  // SPEC section 2: the panel stays only while the status check says authenticated; otherwise, or when
  // the check fails, back to sign-in (the server guard already refused anyone without a session).
  const status = useQuery(trpc.auth.status.queryOptions());
  useEffect(() => {
    if (status.isError || (status.data && !status.data.authenticated))
      window.location.replace('/admin-login');
  }, [status.isError, status.data]);

  const newLeads = useQuery(trpc.leads.countNew.queryOptions());

  const select = (id: TabId, focus = false) => {
    setActive(id);
    history.replaceState(null, '', `#${id}`);
    if (focus) tabRefs.current.get(id)?.focus();
  };
  // WAI-ARIA tabs: arrows move between tabs, Home and End jump to the ends.
  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = visibleTabs.findIndex((tab) => tab.id === active);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: visibleTabs.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = visibleTabs[(moves[event.key]! + visibleTabs.length) % visibleTabs.length]!;
    select(next.id, true);
  };

  async function logout() {
    try {
      await apiRequest('POST', '/api/logout');
    } finally {
      window.location.assign('/admin-login');
    }
  }

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.headerTitle}>{settings.companyName} admin</h1>
        <div className={styles.headerActions}>
          {user && (
            <span className={styles.headerUser}>
              Signed in as <strong>{user.username}</strong> ({user.role})
            </span>
          )}
          <a className={styles.button.onDark} href="/">
            Go to Site
          </a>
          <button type="button" className={styles.button.onDark} onClick={logout}>
            Logout
          </button>
        </div>
      </header>
      <main className={styles.main}>
        <div role="tablist" aria-label="Admin sections" className={styles.tabList}>
          {visibleTabs.map((tab) => (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
              }}
              type="button"
              role="tab"
              id={`tab-${tab.id}`}
              aria-selected={active === tab.id}
              aria-controls={`panel-${tab.id}`}
              tabIndex={active === tab.id ? 0 : -1}
              className={styles.tab}
              onClick={() => select(tab.id)}
              onKeyDown={onTabKeyDown}
            >
              {tab.label}
              {tab.id === 'leads' && newLeads.data ? (
                <span className={styles.countBadge}>
                  {newLeads.data}
                  <span className="visually-hidden"> new</span>
                </span>
              ) : null}
            </button>
          ))}
        </div>
        {visibleTabs
          .filter((tab) => tab.id === active)
          .map((tab) => (
            <section
              key={tab.id}
              role="tabpanel"
              id={`panel-${tab.id}`}
              aria-labelledby={`tab-${tab.id}`}
              tabIndex={0}
            >
              {tab.render()}
            </section>
          ))}
      </main>
    </div>
  );
}
