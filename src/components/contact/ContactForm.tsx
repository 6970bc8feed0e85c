import type { SubmitEvent } from 'react';
import { notify } from '@/lib/notify';

const inputClass =
  'mt-2 block w-full rounded-2xl border-0 bg-stone-50 px-4 py-3 text-base text-ink ring-1 ring-stone-300 placeholder:text-stone-500 focus:bg-white focus:ring-2 focus:ring-brand-700 focus:outline-none';

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
      <label className="text-sm font-semibold text-ink">
        Name
        <input
          name="name"
          type="text"
          required
          autoComplete="name"
          placeholder="Your name"
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
          className={inputClass}
        />
      </label>
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
