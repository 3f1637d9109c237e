import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { serverMessageOf, useTRPC } from '../../client/trpc.tsx';
import { arrivalWindow } from '../../shared/booking-format.ts';
import { toast } from '../Toast/toast-store.ts';
import type { Lead } from '../../server/services/leads.ts';
import { AdminTextField } from './AdminTextField.tsx';
import * as styles from './admin.css.ts';

export type BookableLead = Pick<
  Lead,
  'id' | 'firstName' | 'lastName' | 'email' | 'phone' | 'service' | 'message' | 'zip'
>;

/** The bookable service a lead asked for, by its title (the contact form) or its slug; '' when none. */
function serviceOf(lead: BookableLead, services: readonly { slug: string; title: string }[]): string {
  const asked = lead.service?.trim().toLowerCase();
  return (
    services.find((service) => service.title.toLowerCase() === asked || service.slug === asked)?.slug ?? ''
  );
}

/**
 * The owner books a visit for a lead: the lead's name, phone, email and message go with the booking as
 * they are (adminBookings.fromLead reads them from the lead); the owner gives the ZIP, address and
 * service, and picks a day and a window with room.
 */
export function LeadBookingForm({ lead, onClose }: { lead: BookableLead; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const name = `${lead.firstName} ${lead.lastName}`.trim();
  const services = useQuery(trpc.booking.services.queryOptions());
  const [zip, setZip] = useState(lead.zip ?? '');
  const [address, setAddress] = useState('');
  const [service, setService] = useState<string | null>(null);
  const [day, setDay] = useState('');
  const [start, setStart] = useState('');
  const [error, setError] = useState<string | null>(null);
  const chosenService = service ?? serviceOf(lead, services.data ?? []);
  const board = useQuery({
    ...trpc.adminBookings.board.queryOptions({ from: day, to: day }),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(day),
  });
  const withRoom = (board.data?.windows ?? []).filter((window) => window.available > 0);
  const book = useMutation(trpc.adminBookings.fromLead.mutationOptions());

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await book.mutateAsync({ leadId: lead.id, zip, address, service: chosenService, date: day, start });
      toast({ title: 'Visit booked', description: `${name}: ${day}, ${arrivalWindowOf(start)}` });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.leads.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.adminBookings.pathKey() }),
      ]);
      onClose();
    } catch (failure) {
      setError(serverMessageOf(failure) ?? 'The visit could not be booked.');
    }
  }

  const arrivalWindowOf = (time: string) => {
    const window = withRoom.find((each) => each.start === time);
    return window ? arrivalWindow(window.start, window.end) : time;
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} aria-label={`Book a visit for ${name}`}>
      {error && (
        <p role="alert" className={styles.errorBox}>
          {error}
        </p>
      )}
      <p className={styles.rowText}>
        For {name}, {lead.phone}, {lead.email}. The message goes with the booking as its notes.
      </p>
      <div className={styles.fieldRow}>
        <div className={styles.field}>
          <label htmlFor={`${id}-zip-code`} className={styles.label}>
            ZIP code
          </label>
          <input
            id={`${id}-zip-code`}
            className={styles.input}
            value={zip}
            required
            inputMode="numeric"
            autoComplete="off"
            onChange={(event) => setZip(event.target.value)}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-street-address`} className={styles.label}>
            Street address
          </label>
          <input
            id={`${id}-street-address`}
            className={styles.input}
            value={address}
            required
            maxLength={500}
            onChange={(event) => setAddress(event.target.value)}
          />
        </div>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-service`} className={styles.label}>
          Service
        </label>
        <select
          id={`${id}-service`}
          className={styles.input}
          value={chosenService}
          required
          onChange={(event) => setService(event.target.value)}
        >
          <option value="">Choose a service</option>
          {(services.data ?? []).map((each) => (
            <option key={each.slug} value={each.slug}>
              {each.title}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.fieldRow}>
        <AdminTextField
          id={`${id}-day`}
          label="Day"
          type="date"
          value={day}
          required
          onChange={(value) => {
            setDay(value);
            setStart('');
          }}
        />
        <div className={styles.field}>
          <label htmlFor={`${id}-arrival-window`} className={styles.label}>
            Arrival window
          </label>
          <select
            id={`${id}-arrival-window`}
            className={styles.input}
            value={start}
            required
            disabled={withRoom.length === 0}
            onChange={(event) => setStart(event.target.value)}
          >
            <option value="">
              {!day
                ? 'Pick a day first'
                : board.isPending
                  ? 'Loading...'
                  : withRoom.length
                    ? 'Choose a window'
                    : 'No window with room'}
            </option>
            {withRoom.map((window) => (
              <option key={window.start} value={window.start}>
                {arrivalWindow(window.start, window.end)} ({window.available} open)
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className={styles.details}>Notes: {lead.message}</p>
      <div className={styles.buttonRow}>
        <button type="submit" className={styles.button.primary} disabled={book.isPending}>
          Book this visit
        </button>
        <button type="button" className={styles.button.secondary} onClick={onClose}>
          Not now
        </button>
      </div>
    </form>
  );
}
