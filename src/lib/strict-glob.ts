import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { glob } from 'astro/loaders';

type GlobOptions = Parameters<typeof glob>[0];

// A YAML timestamp at the top level of frontmatter, e.g. `publishDate: 2025-03-12`.
const YAML_DATE = /^(\w+):\s*["']?(\d{4})-(\d{1,2})-(\d{1,2})\b/gm;

/** The first `field: YYYY-MM-DD` in `source` that is not a real calendar day, if any. */
export function findImpossibleDate(source: string): { field: string; value: string } | undefined {
  for (const [, field = '', year, month, day] of source.matchAll(YAML_DATE)) {
    const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
    const real =
      date.getUTCFullYear() === Number(year) &&
      date.getUTCMonth() === Number(month) - 1 &&
      date.getUTCDate() === Number(day);
    if (!real) return { field, value: `${year}-${month}-${day}` };
  }
  return undefined;
}

/**
 * Astro's `glob()` loader, plus one check its YAML parser skips: it reads 2025-13-45 as a
 * valid date by rolling it over into 2026. Such a date fails the build, naming file and field.
 */
export function strictGlob(options: GlobOptions): ReturnType<typeof glob> {
  const loader = glob(options);
  return {
    ...loader,
    load: (context) =>
      loader.load({
        ...context,
        parseData: async (entry) => {
          if (entry.filePath) {
            const problem = findImpossibleDate(readFileSync(entry.filePath, 'utf8'));
            if (problem) {
              const file = relative(process.cwd(), entry.filePath);
              throw new Error(
                `${file}: "${problem.field}" is ${problem.value}, which is not a real date. ` +
                  `Write it as YYYY-MM-DD, e.g. 2025-03-12.`,
              );
            }
          }
          return context.parseData(entry);
        },
      }),
  };
}
