/**
 * A field people never see or reach (off screen, out of the tab order, hidden from screen readers)
 * and bots fill in. Its name avoids words browsers autofill, so a person's browser leaves it empty.
 */
export function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label>
        Leave this field empty
        <input
          type="text"
          name="hp_field"
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
    </div>
  );
}
