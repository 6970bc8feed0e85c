import { Send } from 'lucide-react';
import { useState, type ChangeEvent, type SubmitEvent } from 'react';
import { notify } from '@/lib/notify';

const emptyMessage = { name: '', email: '', subject: '', message: '' };
type Field = keyof typeof emptyMessage;

const inputClass =
  'mt-2 block w-full rounded-2xl border-0 bg-stone-50 px-4 py-3 text-base text-ink ring-1 ring-stone-300 placeholder:text-stone-500 focus:bg-white focus:ring-2 focus:ring-brand-700 focus:outline-none';

/**
 * The contact form. Nothing is sent anywhere yet: a valid submit shows the simulated
 * "Message Sent" notice and clears every field. The browser's validation blocks an
 * incomplete form and keeps what was typed.
 */
export function ContactForm() {
  const [values, setValues] = useState(emptyMessage);

  function update(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) {
    const field = event.target.name as Field;
    setValues((current) => ({ ...current, [field]: event.target.value }));
  }

  function send(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    notify('messageSent');
    setValues(emptyMessage);
  }

  return (
    <form onSubmit={send} className="grid gap-6 sm:grid-cols-2">
      <label className="text-sm font-semibold text-ink">
        Name
        <input
          name="name"
          type="text"
          required
          autoComplete="name"
          placeholder="Your name"
          value={values.name}
          onChange={update}
          className={inputClass}
        />
      </label>
      <label className="text-sm font-semibold text-ink">
        Email
        <input
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          value={values.email}
          onChange={update}
          className={inputClass}
        />
      </label>
      <label className="text-sm font-semibold text-ink sm:col-span-2">
        Subject
        <input
          name="subject"
          type="text"
          required
          placeholder="What would you like to talk about?"
          value={values.subject}
          onChange={update}
          className={inputClass}
        />
      </label>
      <label className="text-sm font-semibold text-ink sm:col-span-2">
        Message
        <textarea
          name="message"
          required
          rows={5}
          placeholder="Tell us more…"
          value={values.message}
          onChange={update}
          className={inputClass}
        />
      </label>
      <div className="sm:col-span-2">
        <button
          type="submit"
          className="inline-flex w-full items-center justify-center gap-2 rounded-full bg-brand-700 px-8 py-3.5 font-semibold text-white shadow-sm transition-colors hover:bg-brand-800 sm:w-auto"
        >
          <Send className="size-4" aria-hidden="true" /> Send Message
        </button>
      </div>
    </form>
  );
}
