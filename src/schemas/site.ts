import { reference } from 'astro:content';
import { z } from 'astro/zod';
import { DEFAULT_TIME_ZONE } from './calendar';
import { paragraph, text } from './fields';
import { noticeIds, socialNetworks } from './vocabulary';

const statSchema = z
  .strictObject({
    value: text().meta({ description: 'The figure, shown large, e.g. "500+".' }),
    label: text().meta({ description: 'What it counts, e.g. "Recipes".' }),
  })
  .meta({ description: 'A fixed marketing figure such as "500+ Recipes".' });

const linkSchema = z
  .strictObject({
    label: text().meta({ description: 'Visible link text.' }),
    href: z
      .string()
      .regex(/^\/[a-z0-9/-]*$/, 'Use a site path such as /contact')
      .meta({ description: 'Site path starting with "/", e.g. "/contact".' }),
    notice: z.enum(noticeIds).optional().meta({
      description:
        'Show this notice instead of navigating, while the page is not built. Omit to navigate.',
    }),
  })
  .meta({ description: 'A footer link.' });

/** True for a time zone name this runtime knows, such as "America/New_York". */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const valueIcons = ['heart', 'award', 'users'] as const;

/** Lines of text, at least one. */
const lines = () => z.array(text()).min(1);

export const siteSchema = z.strictObject({
  name: text().meta({ description: 'Brand name; every page title is a variant of it.' }),
  tagline: text().meta({ description: 'Short line under the logo in the footer.' }),
  description: paragraph().meta({
    description: 'Default meta description for pages that do not set their own.',
  }),
  timezone: z
    .string()
    .refine(isTimeZone, 'Use an IANA time zone name such as Europe/Rome or UTC')
    .default(DEFAULT_TIME_ZONE)
    .meta({
      description:
        'IANA time zone in which publish dates are read, e.g. Europe/Rome. Defaults to UTC.',
    }),
  contact: z
    .strictObject({
      email: z.email().meta({ description: 'Public email address.' }),
      phone: text().meta({ description: 'Public phone number, written as it should be shown.' }),
      address: lines().meta({ description: 'Postal address, one line per entry.' }),
      hours: text().meta({ description: 'When the phone is answered, e.g. "Mon–Fri, 9am–5pm".' }),
    })
    .meta({ description: 'How visitors reach the team.' }),
  todaysSpecial: reference('recipes').meta({
    description: 'The recipe featured as "Today\'s Special" on the home page; a recipe id.',
  }),
  heroStats: z
    .array(statSchema)
    .length(3)
    .meta({ description: 'Figures under the home hero: recipes, average time, members.' }),
  newsletterStats: z
    .array(statSchema)
    .length(3)
    .meta({ description: 'Figures beside the newsletter form.' }),
  about: z
    .strictObject({
      story: z
        .array(paragraph())
        .min(1)
        .meta({ description: '"Our Story", one paragraph per entry.' }),
      mission: paragraph().meta({ description: 'The mission statement, one paragraph.' }),
      values: z
        .array(
          z.strictObject({
            title: text().meta({ description: 'Name of the value, e.g. "Passion".' }),
            description: paragraph().meta({ description: 'One or two sentences about it.' }),
            icon: z
              .enum(valueIcons)
              .meta({ description: 'Icon shown beside it: heart, award or users.' }),
          }),
        )
        .length(3)
        .meta({ description: 'What the team stands for.' }),
    })
    .meta({ description: "The about page's copy." }),
  footer: z
    .strictObject({
      company: z
        .array(linkSchema)
        .min(1)
        .meta({ description: 'Company column: links in display order.' }),
      recipeGroups: lines().meta({ description: '"Recipes" column: meal types.' }),
      categories: lines().meta({ description: '"Categories" column: cuisines and themes.' }),
      social: z
        .array(z.enum(socialNetworks))
        .min(1)
        .meta({ description: 'Social networks, shown as icon buttons.' }),
      legal: lines().meta({ description: 'Legal buttons in the bottom bar.' }),
      copyrightYear: z
        .number()
        .int()
        .min(2000)
        .meta({ description: 'Year in the copyright line.' }),
    })
    .meta({ description: "The footer's link and button groups." }),
});

/** The site settings, as pages receive them. */
export type Site = z.output<typeof siteSchema>;
