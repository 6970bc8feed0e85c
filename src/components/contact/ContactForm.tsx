import { useId, type ReactNode, type SubmitEvent } from 'react';
import { notify } from '@/lib/notify';

const inputClass =
  'mt-2 block w-full rounded-2xl border-0 bg-stone-50 px-4 py-3 text-base text-ink ring-1 ring-stone-300 placeholder:text-stone-500 focus:bg-white focus:ring-2 focus:ring-brand-700 focus:outline-none';

/** A visible label tied to its control by id, so the control's name never includes its value. */
function Field({
  label,
  wide = false,
  children,
}: {
  label: string;
  wide?: boolean;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/**
 * The contact form. Nothing is sent anywhere yet: a valid submit shows the simulated
 * "Message Sent" notice and clears every field. The browser's validation blocks an incomplete
 * form and keeps what was typed. The fields are uncontrolled, so text typed before the island
 * hydrates survives hydration.
 */
export function ContactForm() {
  function send(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    notify('messageSent');
    event.currentTarget.reset();
  }

  return (
    <form onSubmit={send} className="grid gap-6 sm:grid-cols-2">
      <Field label="Name">
        {(id) => (
          <input
            id={id}
            name="name"
            type="text"
            required
            autoComplete="name"
            placeholder="Your name"
            className={inputClass}
          />
        )}
      </Field>
      <Field label="Email">
        {(id) => (
          <input
            id={id}
            name="email"
            type="email"
            required
            autoComplete="email"
            placeholder="you@example.com"
            className={inputClass}
          />
        )}
      </Field>
      <Field label="Subject" wide>
        {(id) => (
          <input
            id={id}
            name="subject"
            type="text"
            required
            placeholder="What would you like to talk about?"
            className={inputClass}
          />
        )}
      </Field>
      <Field label="Message" wide>
        {(id) => (
          <textarea
            id={id}
            name="message"
            required
            rows={5}
            placeholder="Tell us more…"
            className={inputClass}
          />
        )}
      </Field>
      <div className="sm:col-span-2">
        <button
          type="submit"
          className="inline-flex w-full items-center justify-center gap-2 rounded-full bg-brand-700 px-8 py-3.5 font-semibold text-white shadow-sm transition-colors hover:bg-brand-800 sm:w-auto"
        >
          Send Message
        </button>
      </div>
    </form>
  );
}
