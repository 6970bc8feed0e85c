import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  markdownTable,
  readDocSection,
  tableRows,
  writeDocSection,
} from '../../scripts/lib/doc-section.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function doc(text: string) {
  const dir = mkdtempSync(join(tmpdir(), 'bites-doc-'));
  dirs.push(dir);
  const file = join(dir, 'RESULTS.md');
  writeFileSync(file, text);
  return file;
}

describe('benchmark tables in the docs', () => {
  it('rewrites only the marked section, formatted so the format check passes', async () => {
    const file = doc('# Results\n\nBy hand.\n\n<!-- t:begin -->\nold\n<!-- t:end -->\n\nAfter.\n');
    await writeDocSection(file, 't', markdownTable(['Route', 'Time'], [['/', '5 ms']]));
    expect(readFileSync(file, 'utf8')).toBe(
      '# Results\n\nBy hand.\n\n<!-- t:begin -->\n\n| Route | Time |\n| ----- | ---: |\n| /     | 5 ms |\n\n<!-- t:end -->\n\nAfter.\n',
    );
  });

  it('reads back the rows it wrote, however the table was padded', async () => {
    const file = doc('<!-- t:begin -->\n<!-- t:end -->\n');
    const rows = [
      ['1,000 + 1,000', 'glob', '10.9 s'],
      ['10,000 + 10,000', 'content engine', '13.0 s'],
    ];
    await writeDocSection(file, 't', markdownTable(['Entries', 'Loader', 'Wall time'], rows));
    expect(tableRows(readDocSection(file, 't'))).toEqual(rows);
  });
});
