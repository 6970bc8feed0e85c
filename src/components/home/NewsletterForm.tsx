import type { SubmitEvent } from 'react';
import { notify } from '@/lib/notify';

/**
 * Newsletter signup. Nothing is sent anywhere yet: a valid address clears the field and shows
 * the not-implemented notice; an empty submit does nothing. The browser's own validation stops
 * malformed addresses and keeps what was typed. The field is uncontrolled, so text typed before
 * the island hydrates survives hydration.
 */
export function NewsletterForm() {
  function subscribe(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (!String(new FormData(form).get('email') ?? '').trim()) return;
    notify('notImplemented');
    form.reset();
  }

  return (
    <form onSubmit={subscribe} className="flex w-full max-w-xl flex-col gap-3 sm:flex-row">
      <label htmlFor="newsletter-email" className="sr-only">
        Email address
      </label>
      <input
        id="newsletter-email"
        type="email"
        name="email"
        required
        autoComplete="email"
        placeholder="Enter your email address"
        className="min-h-12 flex-1 rounded-full border-0 bg-white px-6 text-base text-ink shadow-sm ring-1 ring-white/40 placeholder:text-stone-500 focus:ring-2 focus:ring-white focus:outline-none"
      />
      <button
        type="submit"
        className="min-h-12 rounded-full bg-ink px-7 font-semibold text-white transition-colors hover:bg-stone-800 focus-visible:outline-white"
      >
        Subscribe Now
      </button>
    </form>
  );
}
