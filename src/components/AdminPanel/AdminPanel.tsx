import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { usePageContext } from '../../../renderer/usePageContext.tsx';
import { useTRPC } from '../../client/trpc.tsx';
import { AccountTab } from './AccountTab.tsx';
import { ActivityTab } from './ActivityTab.tsx';
import { PasswordConfirmDialog } from './PasswordConfirm.tsx';
import { TwoStepSection } from './TwoStepSection.tsx';
import { PasskeysSection } from './PasskeysSection.tsx';
import { DashboardTab } from './DashboardTab.tsx';
import { LeadsTab } from './LeadsTab.tsx';
import { BookingsTab } from './BookingsTab.tsx';
import { MediaTab } from './MediaTab.tsx';
import { OffersTab } from './OffersTab.tsx';
import { PagesTab } from './PagesTab.tsx';
import { PostsTab } from './PostsTab.tsx';
import { ReviewsTab } from './ReviewsTab.tsx';
import { ServiceAreasTab } from './ServiceAreasTab.tsx';
import { ServicesTab } from './ServicesTab.tsx';
import { SettingsTab } from './SettingsTab.tsx';
import { TrashTab } from './TrashTab.tsx';
import { loginPathFor } from '../../shared/admin-return.ts';
import { SIGN_OUT_FIELD } from '../../shared/form-post.ts';
import * as styles from './admin.css.ts';

type TabId =
  | 'dashboard'
  | 'content'
  | 'services'
  | 'service-areas'
  | 'offers'
  | 'pages'
  | 'media'
  | 'leads'
  | 'bookings'
  | 'reviews'
  | 'trash'
  | 'settings'
  | 'account'
  | 'activity';

/** What a tab shows: the tab, and the lead or post a link asked for. */
export interface AdminView {
  tab: TabId;
  leadId?: number;
  postId?: number;
  bookingId?: number;
}

interface TabDefinition {
  id: TabId;
  label: string;
  /** Editors never see what only an admin may do; the server refuses it anyway (403). */
  adminOnly?: boolean;
  render: (view: AdminView & { open: (view: AdminView) => void }) => ReactNode;
}

const tabs: TabDefinition[] = [
  { id: 'dashboard', label: 'Dashboard', render: () => <DashboardTab /> },
  { id: 'content', label: 'Content Management', render: ({ postId }) => <PostsTab openPostId={postId} /> },
  { id: 'services', label: 'Services', render: () => <ServicesTab /> },
  { id: 'service-areas', label: 'Service areas', render: () => <ServiceAreasTab /> },
  { id: 'offers', label: 'Offers', render: () => <OffersTab /> },
  { id: 'pages', label: 'Pages', render: () => <PagesTab /> },
  { id: 'media', label: 'Media', render: ({ open }) => <MediaTab open={open} /> },
  { id: 'leads', label: 'Leads', render: ({ leadId }) => <LeadsTab openLeadId={leadId} /> },
  {
    id: 'bookings',
    label: 'Bookings',
    render: ({ bookingId }) => <BookingsTab openBookingId={bookingId} />,
  },
  { id: 'reviews', label: 'Reviews', render: () => <ReviewsTab /> },
  { id: 'trash', label: 'Trash', render: () => <TrashTab /> },
  { id: 'settings', label: 'Settings', adminOnly: true, render: () => <SettingsTab /> },
  { id: 'account', label: 'Account', render: () => <AccountTab /> },
  { id: 'activity', label: 'Activity', render: () => <ActivityTab /> },
];

/**
 * The tab (and lead or post) an address asks for: `?tab=leads&lead=12` (the link in a new-lead email),
 * `?tab=content&post=3` (a post using an upload, from the Media tab), `?tab=bookings&booking=5` (the link
 * in a new-booking email) or a `#leads` bookmark; a lead
 * alone means the Leads tab, a post alone the posts.
 */
export function viewFromLocation(
  location: { search: string; hash: string },
  allowed: readonly { id: TabId }[],
): AdminView {
  const query = new URLSearchParams(location.search);
  const idOf = (name: string) => {
    const value = Number(query.get(name));
    return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  };
  const leadId = idOf('lead');
  const postId = idOf('post');
  const wanted =
    query.get('tab') ?? (leadId ? 'leads' : postId ? 'content' : location.hash.replace(/^#/, ''));
  const tab = allowed.find((candidate) => candidate.id === wanted)?.id ?? 'dashboard';
  if (tab === 'leads' && leadId) return { tab, leadId };
  if (tab === 'content' && postId) return { tab, postId };
  const bookingId = idOf('booking');
  if (tab === 'bookings' && bookingId) return { tab, bookingId };
  return { tab };
}

export function AdminPanel() {
  const { user, settings } = usePageContext();
  const trpc = useTRPC();
  const visibleTabs = tabs.filter((tab) => !tab.adminOnly || user?.role === 'admin');
  // The server rendered the Dashboard; the address (an emailed link, a bookmark, a reload) is read once
  // React runs.
  const [view, setView] = useState<AdminView>({ tab: 'dashboard' });
  const active = view.tab;
  useEffect(() => {
    setView(viewFromLocation(window.location, visibleTabs));
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  const tabRefs = useRef(new Map<TabId, HTMLButtonElement>());

  // The panel stays only while the status check says authenticated; otherwise, or when
  // the check fails, back to sign-in (the server guard already refused anyone without a session).
  const status = useQuery(trpc.auth.status.queryOptions());
  useEffect(() => {
    if (status.isError || (status.data && !status.data.authenticated))
      window.location.replace(loginPathFor(window.location.pathname + window.location.search));
  }, [status.isError, status.data]);

  const newLeads = useQuery(trpc.leads.countNew.queryOptions());

  const select = (id: TabId, focus = false) => {
    setView({ tab: id });
    history.replaceState(null, '', `${window.location.pathname}#${id}`);
    if (focus) tabRefs.current.get(id)?.focus();
  };
  // A link inside a tab to something another tab edits (a post using an upload): that tab, that item.
  const open = (next: AdminView) => {
    setView(next);
    const query = next.postId ? `?tab=${next.tab}&post=${next.postId}` : `#${next.tab}`;
    history.replaceState(null, '', `${window.location.pathname}${query}`);
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
          {/* A form, so that it signs out before the panel's script has loaded too. */}
          <form method="post" action="/admin-login" className={styles.logoutForm}>
            <input type="hidden" name={SIGN_OUT_FIELD} value="1" />
            <button type="submit" className={styles.button.onDark}>
              Logout
            </button>
          </form>
        </div>
      </header>
      <main className={styles.main}>
        {status.data?.authenticated && status.data.twoStepSetupRequired ? (
          <RequiredTwoStepSetup />
        ) : (
          <AdminTabs
            visibleTabs={visibleTabs}
            view={view}
            open={open}
            select={select}
            onTabKeyDown={onTabKeyDown}
            tabRefs={tabRefs}
            newLeads={newLeads.data}
          />
        )}
      </main>
      <PasswordConfirmDialog />
    </div>
  );
}

/** Every account must use two-step sign-in and this one does not yet: its set-up comes before anything. */
function RequiredTwoStepSetup() {
  return (
    <div className={styles.grid}>
      <p className={styles.errorBox}>
        An admin requires two-step sign-in for every account. Set it up to continue: an authenticator app, or
        a passkey.
      </p>
      <TwoStepSection />
      <PasskeysSection />
      <div className={styles.buttonRow}>
        <button type="button" className={styles.button.primary} onClick={() => window.location.reload()}>
          Continue to the admin area
        </button>
      </div>
    </div>
  );
}

function AdminTabs({
  visibleTabs,
  view,
  open,
  select,
  onTabKeyDown,
  tabRefs,
  newLeads,
}: {
  visibleTabs: TabDefinition[];
  view: AdminView;
  open: (view: AdminView) => void;
  select: (id: TabId) => void;
  onTabKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  tabRefs: RefObject<Map<TabId, HTMLButtonElement>>;
  newLeads: number | undefined;
}) {
  const active = view.tab;
  return (
    <>
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
            {tab.id === 'leads' && newLeads ? (
              <span className={styles.countBadge}>
                {newLeads}
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
            {tab.render({ ...view, open })}
          </section>
        ))}
    </>
  );
}
