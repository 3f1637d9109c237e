import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { usePageContext } from '../../../renderer/usePageContext.tsx';
import { serverMessageOf, useTRPC } from '../../client/trpc.tsx';
import { addDays, companyDay } from '../../shared/company-time.ts';
import { arrivalWindow, dayName } from '../../shared/booking-format.ts';
import { weekdays } from '../../shared/weekdays.ts';
import { telHref } from '../../shared/site-content.ts';
import type { BookingSettings } from '../../shared/schemas/booking.ts';
import { toast } from '../Toast/toast-store.ts';
import { downloadWithRecentPassword } from './PasswordConfirm.tsx';
import { RowButton } from './RowActions.tsx';
import * as styles from './admin.css.ts';

type Span = 'day' | 'week';

const statusLabels: Record<string, string> = {
  requested: 'Requested',
  confirmed: 'Confirmed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  done: 'Done',
};

/**
 * The owner's board of visits: each window of the day or week with its visits and, when closed to
 * visitors, why; confirm, decline, move, mark done, running late and blocking a window from here.
 * `openBookingId` (the link in a new-booking email, or from a lead booked) shows that booking's day.
 */
export function BookingsTab({ openBookingId }: { openBookingId?: number }) {
  const trpc = useTRPC();
  const [span, setSpan] = useState<Span>('week');
  const [from, setFrom] = useState(() => companyDay(new Date()));
  const linked = useQuery({
    ...trpc.adminBookings.get.queryOptions({ id: openBookingId ?? 0 }),
    enabled: openBookingId !== undefined,
  });
  const linkedDay = linked.data?.date;
  useEffect(() => {
    if (!linkedDay) return;
    setFrom(linkedDay);
    setSpan('day');
  }, [linkedDay]);
  const to = span === 'day' ? from : addDays(from, 6);
  const id = useId();
  const isAdmin = usePageContext().user?.role === 'admin';
  return (
    <div className={styles.grid}>
      <section className={styles.card} aria-labelledby={`${id}-board`}>
        <h2 id={`${id}-board`} className={styles.cardTitle}>
          Bookings
        </h2>
        <div className={styles.buttonRow}>
          <label className={styles.field}>
            <span className={styles.label}>From</span>
            <input
              type="date"
              className={styles.input}
              value={from}
              onChange={(event) => event.target.value && setFrom(event.target.value)}
            />
          </label>
          <label className={styles.field}>
            <span className={styles.label}>Show</span>
            <select
              className={styles.input}
              value={span}
              onChange={(event) => setSpan(event.target.value as Span)}
            >
              <option value="day">One day</option>
              <option value="week">A week</option>
            </select>
          </label>
          <button
            type="button"
            className={styles.button.secondary}
            onClick={() => setFrom(addDays(from, span === 'day' ? -1 : -7))}
          >
            Earlier
          </button>
          <button
            type="button"
            className={styles.button.secondary}
            onClick={() => setFrom(addDays(from, span === 'day' ? 1 : 7))}
          >
            Later
          </button>
          <a
            className={styles.button.secondary}
            href={`/api/admin/bookings.csv?from=${from}&to=${to}`}
            onClick={(event) => {
              event.preventDefault();
              void downloadWithRecentPassword(event.currentTarget.href);
            }}
          >
            Export CSV
          </a>
        </div>
        <Board from={from} to={to} highlight={openBookingId} />
      </section>
      {/* The rules of booking and the feed of every visit are an admin's; editors work the board. */}
      {isAdmin && <BookingSettingsForm />}
      {isAdmin && <CalendarFeed />}
    </div>
  );
}

function Board({ from, to, highlight }: { from: string; to: string; highlight?: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const board = useQuery(trpc.adminBookings.board.queryOptions({ from, to }));
  const patch = useMutation(trpc.adminBookings.patch.mutationOptions());
  const block = useMutation(trpc.adminBookings.blockWindow.mutationOptions());
  const unblock = useMutation(trpc.adminBookings.unblockWindow.mutationOptions());

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.adminBookings.board.queryKey() });
  async function run(action: () => Promise<unknown>, done: string) {
    try {
      await action();
      toast({ title: done });
      await refresh();
    } catch (error) {
      toast({
        title: 'Not changed',
        description: serverMessageOf(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    }
  }

  if (board.isPending) return <p>Loading bookings...</p>;
  if (!board.data) return <p role="alert">The bookings could not be loaded.</p>;
  const days = [...new Set(board.data.windows.map((window) => window.date))];
  if (days.length === 0) return <p className={styles.hint}>No arrival windows on these days.</p>;
  return (
    <>
      {days.map((date) => (
        <section key={date} aria-label={dayName(date)}>
          <h3 className={styles.sectionTitle}>{dayName(date)}</h3>
          <ul className={styles.list}>
            {board.data.windows
              .filter((window) => window.date === date)
              .map((window) => {
                const label = `${dayName(date)}, ${arrivalWindow(window.start, window.end)}`;
                const blocked = window.closedReason?.startsWith('Blocked') ?? false;
                return (
                  <li key={window.start} className={styles.row} data-testid="booking-window">
                    <p className={styles.rowTitle}>
                      {arrivalWindow(window.start, window.end)}: {window.booked} of {window.capacity} visits
                    </p>
                    <p className={styles.rowText}>
                      {window.closedReason
                        ? `Closed to online booking: ${window.closedReason}`
                        : `${window.available} open`}
                    </p>
                    <div className={styles.buttonRow}>
                      {blocked ? (
                        <button
                          type="button"
                          className={styles.button.secondary}
                          onClick={() =>
                            run(
                              () => unblock.mutateAsync({ day: date, start: window.start }),
                              'Window opened',
                            )
                          }
                        >
                          Open this window again<span className="visually-hidden"> ({label})</span>
                        </button>
                      ) : (
                        <BlockButton
                          label={label}
                          onBlock={(reason) =>
                            run(
                              () => block.mutateAsync({ day: date, start: window.start, reason }),
                              'Window blocked',
                            )
                          }
                        />
                      )}
                    </div>
                    {window.visits.length > 0 && (
                      <ul className={styles.list}>
                        {window.visits.map((visit) => (
                          <Visit
                            key={visit.id}
                            visit={visit}
                            open={visit.id === highlight}
                            onPatch={(change, done) =>
                              run(() => patch.mutateAsync({ id: visit.id, patch: change }), done)
                            }
                          />
                        ))}
                      </ul>
                    )}
                  </li>
                );
              })}
          </ul>
        </section>
      ))}
    </>
  );
}

function BlockButton({ label, onBlock }: { label: string; onBlock: (reason: string) => void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const id = useId();
  if (!open)
    return (
      <button type="button" className={styles.button.secondary} onClick={() => setOpen(true)}>
        Block this window<span className="visually-hidden"> ({label})</span>
      </button>
    );
  return (
    <form
      className={styles.buttonRow}
      onSubmit={(event) => {
        event.preventDefault();
        onBlock(reason);
        setOpen(false);
      }}
    >
      <label htmlFor={id} className={styles.label}>
        Why (shown to staff only)
      </label>
      <input
        id={id}
        className={styles.input}
        value={reason}
        maxLength={200}
        onChange={(event) => setReason(event.target.value)}
        placeholder="Truck in the shop"
      />
      <button type="submit" className={styles.button.primary}>
        Block
      </button>
      <button type="button" className={styles.button.secondary} onClick={() => setOpen(false)}>
        Keep it open
      </button>
    </form>
  );
}

interface VisitRow {
  id: number;
  status: string;
  date: string;
  start: string;
  end: string;
  name: string;
  phone: string;
  email: string;
  address: string;
  serviceTitle: string;
  notes: string | null;
  declineReason: string | null;
  photos: { id: number; url: string; originalName: string; width: number; height: number }[];
}

type Patch =
  | { status: 'confirmed' | 'declined' | 'cancelled' | 'done'; reason?: string }
  | { date: string; start: string }
  | { runningLate: { start: string; end: string } };

function Visit({
  visit,
  open,
  onPatch,
}: {
  visit: VisitRow;
  open: boolean;
  onPatch: (patch: Patch, done: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [moveTo, setMoveTo] = useState({ date: visit.date, start: visit.start });
  const [late, setLate] = useState({ start: visit.start, end: visit.end });
  const id = useId();
  const active = visit.status === 'requested' || visit.status === 'confirmed';
  const submit = (event: FormEvent, patch: Patch, done: string) => {
    event.preventDefault();
    onPatch(patch, done);
  };
  return (
    <li className={styles.row} data-testid="booking">
      <p className={styles.rowTitle}>
        {visit.name}: {visit.serviceTitle}{' '}
        <span className={styles.badge.draft}>{statusLabels[visit.status]}</span>
      </p>
      <p className={styles.rowText}>
        <a href={telHref(visit.phone)}>{visit.phone}</a> · <a href={`mailto:${visit.email}`}>{visit.email}</a>{' '}
        · {visit.address}
      </p>
      {visit.notes && <p className={styles.details}>{visit.notes}</p>}
      {visit.photos.length > 0 && (
        // Each opens whole in a new tab; the addresses answer signed-in staff only.
        <ul className={styles.bookingPhotos} aria-label={`Photos from ${visit.name}`}>
          {visit.photos.map((photo, index) => (
            <li key={photo.id}>
              <a href={photo.url} target="_blank" rel="noreferrer">
                <img
                  className={styles.bookingPhoto}
                  src={photo.url}
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                  alt={`${photo.originalName}, sent by ${visit.name} (${index + 1} of ${visit.photos.length})`}
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {visit.declineReason && <p className={styles.rowText}>Declined: {visit.declineReason}</p>}
      {active && (
        <details open={open}>
          <summary>Change this booking</summary>
          <div className={styles.buttonRow}>
            {visit.status === 'requested' && (
              <RowButton
                of={visit.name}
                onClick={() => onPatch({ status: 'confirmed' }, 'Booking confirmed')}
                look="primary"
              >
                Confirm
              </RowButton>
            )}
            {visit.status === 'confirmed' && (
              <RowButton
                of={visit.name}
                onClick={() => onPatch({ status: 'done' }, 'Marked done')}
                look="primary"
              >
                Mark done
              </RowButton>
            )}
            <RowButton
              of={visit.name}
              onClick={() => onPatch({ status: 'cancelled' }, 'Booking cancelled')}
              look="danger"
            >
              Cancel
            </RowButton>
          </div>
          <form
            className={styles.buttonRow}
            onSubmit={(event) => submit(event, { status: 'declined', reason }, 'Booking declined')}
          >
            <label htmlFor={`${id}-reason`} className={styles.label}>
              Reason told to the customer
            </label>
            <input
              id={`${id}-reason`}
              className={styles.input}
              value={reason}
              maxLength={500}
              onChange={(event) => setReason(event.target.value)}
            />
            <button type="submit" className={styles.button.danger}>
              Decline
            </button>
          </form>
          <form className={styles.buttonRow} onSubmit={(event) => submit(event, moveTo, 'Booking moved')}>
            <label className={styles.field}>
              <span className={styles.label}>New day</span>
              <input
                type="date"
                className={styles.input}
                value={moveTo.date}
                onChange={(event) => setMoveTo({ ...moveTo, date: event.target.value })}
              />
            </label>
            <label className={styles.field}>
              <span className={styles.label}>Window starting</span>
              <input
                type="time"
                className={styles.input}
                value={moveTo.start}
                onChange={(event) => setMoveTo({ ...moveTo, start: event.target.value })}
              />
            </label>
            <button type="submit" className={styles.button.secondary}>
              Reschedule
            </button>
          </form>
          <form
            className={styles.buttonRow}
            onSubmit={(event) => submit(event, { runningLate: late }, 'Running-late note sent')}
          >
            <label className={styles.field}>
              <span className={styles.label}>Now arriving from</span>
              <input
                type="time"
                className={styles.input}
                value={late.start}
                onChange={(event) => setLate({ ...late, start: event.target.value })}
              />
            </label>
            <label className={styles.field}>
              <span className={styles.label}>to</span>
              <input
                type="time"
                className={styles.input}
                value={late.end}
                onChange={(event) => setLate({ ...late, end: event.target.value })}
              />
            </label>
            <button type="submit" className={styles.button.secondary}>
              Send running late
            </button>
          </form>
        </details>
      )}
    </li>
  );
}

/** "08:00-10:00 3, 10:00-12:00 3": a day's windows as the owner types them. */
function windowsText(windows: { start: string; end: string; capacity: number }[]): string {
  return windows.map((window) => `${window.start}-${window.end} ${window.capacity}`).join(', ');
}

function parseWindows(text: string) {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const match = /^(\d{1,2}:\d{2})\s*-\s*(\d{1,2}:\d{2})\s+(\d+)$/.exec(part);
      const pad = (time: string) => time.padStart(5, '0');
      return match
        ? { start: pad(match[1]!), end: pad(match[2]!), capacity: Number(match[3]) }
        : { start: part, end: part, capacity: -1 };
    });
}

/** "2026-12-25 Christmas", one a line. */
function parseDays(text: string) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [day = '', ...reason] = line.split(/\s+/);
      return { day, reason: reason.join(' ') };
    });
}

function BookingSettingsForm() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.adminBookings.settings.queryOptions());
  return settings.data ? <SettingsFields initial={settings.data} /> : <p>Loading booking settings...</p>;
}

function SettingsFields({ initial }: { initial: BookingSettings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.adminBookings.saveSettings.mutationOptions());
  const id = useId();
  const [enabled, setEnabled] = useState(initial.enabled);
  const [days, setDays] = useState(() =>
    Object.fromEntries(weekdays.map((day) => [day, windowsText(initial.weekWindows[day])])),
  );
  const [horizonDays, setHorizonDays] = useState(String(initial.horizonDays));
  const [notice, setNotice] = useState(String(initial.minimumNoticeMinutes / 60));
  const [cutoff, setCutoff] = useState(initial.sameDayCutoff ?? '');
  const [note, setNote] = useState(initial.afterHoursNote);
  const [closed, setClosed] = useState(
    initial.closedDays.map((entry) => `${entry.day} ${entry.reason}`.trim()).join('\n'),
  );
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await save.mutateAsync({
        enabled,
        weekWindows: Object.fromEntries(
          weekdays.map((day) => [day, parseWindows(days[day] ?? '')]),
        ) as BookingSettings['weekWindows'],
        horizonDays: Number(horizonDays),
        minimumNoticeMinutes: Math.round(Number(notice) * 60),
        sameDayCutoff: cutoff || null,
        afterHoursNote: note,
        closedDays: parseDays(closed),
        blockedWindows: initial.blockedWindows,
      });
      toast({ title: 'Booking settings saved' });
      await queryClient.invalidateQueries({ queryKey: trpc.adminBookings.pathKey() });
    } catch (failure) {
      setError(serverMessageOf(failure) ?? 'The settings could not be saved.');
    }
  }

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        Booking settings
      </h2>
      <form className={styles.form} onSubmit={onSubmit}>
        {error && (
          <p role="alert" className={styles.errorBox}>
            {error}
          </p>
        )}
        <label className={styles.checkboxLabel}>
          <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />{' '}
          Online booking is on
        </label>
        <p className={styles.hint}>
          Each day&apos;s arrival windows and how many visits each takes, as 08:00-10:00 3, 10:00-12:00 3.
          Empty: no booking that day.
        </p>
        {weekdays.map((day) => (
          <label key={day} className={styles.field}>
            <span className={styles.label}>{day[0]!.toUpperCase() + day.slice(1)}</span>
            <input
              className={styles.input}
              value={days[day]}
              onChange={(event) => setDays({ ...days, [day]: event.target.value })}
            />
          </label>
        ))}
        <div className={styles.fieldRow}>
          <label className={styles.field}>
            <span className={styles.label}>Open for booking (days ahead)</span>
            <input
              type="number"
              min={1}
              max={365}
              className={styles.input}
              value={horizonDays}
              onChange={(event) => setHorizonDays(event.target.value)}
            />
          </label>
          <label className={styles.field}>
            <span className={styles.label}>Minimum notice (hours)</span>
            <input
              type="number"
              min={0}
              step={0.5}
              className={styles.input}
              value={notice}
              onChange={(event) => setNotice(event.target.value)}
            />
          </label>
          <label className={styles.field}>
            <span className={styles.label}>No same-day booking after</span>
            <input
              type="time"
              className={styles.input}
              value={cutoff}
              onChange={(event) => setCutoff(event.target.value)}
            />
          </label>
        </div>
        <label className={styles.field}>
          <span className={styles.label}>Closed days, one a line with the reason (2026-12-25 Christmas)</span>
          <textarea
            className={styles.input}
            rows={4}
            value={closed}
            onChange={(event) => setClosed(event.target.value)}
          />
        </label>
        <label className={styles.field}>
          <span className={styles.label}>After-hours note on the emergency page</span>
          <textarea
            className={styles.input}
            rows={3}
            value={note}
            maxLength={1000}
            onChange={(event) => setNote(event.target.value)}
          />
        </label>
        <button type="submit" className={styles.button.primary} disabled={save.isPending}>
          Save booking settings
        </button>
      </form>
    </section>
  );
}

function CalendarFeed() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const state = useQuery(trpc.adminBookings.calendarFeed.queryOptions());
  const renew = useMutation(trpc.adminBookings.renewCalendarFeed.mutationOptions());
  const revoke = useMutation(trpc.adminBookings.revokeCalendarFeed.mutationOptions());
  const [url, setUrl] = useState<string | null>(null);
  const id = useId();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.adminBookings.calendarFeed.queryKey() });
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        Calendar feed for your phone
      </h2>
      <p className={styles.hint}>
        A private address your phone&apos;s calendar subscribes to. Anyone with it sees your visits: make a
        new one to stop the old, or turn it off.
      </p>
      {url && (
        <p>
          Subscribe to: <code>{url}</code>
        </p>
      )}
      {state.data && !url && (
        <p className={styles.hint}>A feed address is in use (made {state.data.createdAt.slice(0, 10)}).</p>
      )}
      <div className={styles.buttonRow}>
        <button
          type="button"
          className={styles.button.primary}
          onClick={async () => {
            setUrl((await renew.mutateAsync()).url);
            await refresh();
          }}
        >
          {state.data ? 'Make a new address' : 'Make a feed address'}
        </button>
        {state.data && (
          <button
            type="button"
            className={styles.button.danger}
            onClick={async () => {
              await revoke.mutateAsync();
              setUrl(null);
              await refresh();
            }}
          >
            Turn the feed off
          </button>
        )}
      </div>
    </section>
  );
}
