import { reference } from 'astro:content';
import { z } from 'astro/zod';
import { DEFAULT_TIME_ZONE } from '@/lib/publishing';
import { text } from './fields';
import { noticeIds, socialNetworks } from './vocabulary';

/** A fixed marketing figure such as "500+ Recipes". */
const statSchema = z.strictObject({
  /** The figure, shown large, e.g. "500+". */
  value: text(),
  /** What it counts, e.g. "Recipes". */
  label: text(),
});

/** A footer link. */
const linkSchema = z.strictObject({
  /** Visible link text. */
  label: text(),
  /** Site path starting with "/", e.g. "/contact". */
  href: z.string().regex(/^\/[a-z0-9/-]*$/, 'Use a site path such as /contact'),
  /** Show this notice instead of navigating, while the page is not built. Omit to navigate. */
  notice: z.enum(noticeIds).optional(),
});

/** True for a time zone name this runtime knows, such as "America/New_York". */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const valueIcons = ['heart', 'award', 'users'] as const;

export const siteSchema = z.strictObject({
  /** Brand name; every page title is a variant of it. */
  name: text(),
  /** Short line under the logo in the footer. */
  tagline: text(),
  /** Default meta description for pages that do not set their own. */
  description: text(),
  /** IANA time zone in which publish dates are read, e.g. Europe/Rome. Defaults to UTC. */
  timezone: z
    .string()
    .refine(isTimeZone, 'Use an IANA time zone name such as Europe/Rome or UTC')
    .default(DEFAULT_TIME_ZONE),
  /** How visitors reach the team. */
  contact: z.strictObject({
    /** Public email address. */
    email: z.email(),
    /** Public phone number, written as it should be shown. */
    phone: text(),
    /** Postal address, one line per entry. */
    address: z.array(text()).min(1),
    /** When the phone is answered, e.g. "Mon–Fri, 9am–5pm". */
    hours: text(),
  }),
  /** The recipe featured as "Today's Special" on the home page; a recipe id. */
  todaysSpecial: reference('recipes'),
  /** Figures under the home hero: recipes, average time, members. */
  heroStats: z.array(statSchema).length(3),
  /** Figures beside the newsletter form. */
  newsletterStats: z.array(statSchema).length(3),
  /** The about page's copy. */
  about: z.strictObject({
    /** "Our Story", one paragraph per entry. */
    story: z.array(text()).min(1),
    /** The mission statement, one paragraph. */
    mission: text(),
    /** What the team stands for. */
    values: z
      .array(
        z.strictObject({
          /** Name of the value, e.g. "Passion". */
          title: text(),
          /** One or two sentences about it. */
          description: text(),
          /** Icon shown beside it: heart, award or users. */
          icon: z.enum(valueIcons),
        }),
      )
      .length(3),
  }),
  /** The footer's link and button groups. */
  footer: z.strictObject({
    /** Company column: links in display order. */
    company: z.array(linkSchema).min(1),
    /** "Recipes" column: meal types. */
    recipeGroups: z.array(text()).min(1),
    /** "Categories" column: cuisines and themes. */
    categories: z.array(text()).min(1),
    /** Social networks, shown as icon buttons. */
    social: z.array(z.enum(socialNetworks)).min(1),
    /** Legal buttons in the bottom bar. */
    legal: z.array(text()).min(1),
    /** Year in the copyright line. */
    copyrightYear: z.number().int().min(2000),
  }),
});

/** The site settings, as pages receive them. */
export type Site = z.output<typeof siteSchema>;
