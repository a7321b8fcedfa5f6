import { z } from 'zod';
import type { SettingsSchema } from './settings';

/** One row of the configuration reference. */
export interface SettingRow {
  name: string;
  /** The default value, or what holds when the setting is not given (its `unset` note). */
  default_text: string;
  read_by: string[];
  description: string;
}

/**
 * The configuration reference of some schemas: one row per setting, in the order they first
 * appear. A name defined by two different schema entries is refused (shared settings are picked
 * from one fragment, so one setting never has two parsers), and so is an entry without a
 * description, or without a default or an `unset` note.
 */
export function settingsReference(
  sources: readonly { read_by: string; schema: SettingsSchema }[],
): SettingRow[] {
  const rows = new Map<string, SettingRow & { entry: z.ZodType }>();
  for (const { read_by, schema } of sources) {
    for (const [name, member] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      const entry = definitionOf(member);
      const known = rows.get(name);
      if (known && known.entry !== entry) {
        throw new Error(`${name} is defined twice: define it once in a shared settings fragment`);
      }
      if (known) {
        if (!known.read_by.includes(read_by)) known.read_by.push(read_by);
        continue;
      }
      rows.set(name, { name, entry, read_by: [read_by], ...documentationOf(name, entry) });
    }
  }
  return [...rows.values()].map(({ entry: _entry, ...row }) => row);
}

/** The reference as a Markdown table. */
export function settingsTable(rows: readonly SettingRow[]): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  return [
    '| setting | default | read by | what it does |',
    '| --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| \`${row.name}\` | ${cell(row.default_text)} | ${row.read_by.join(', ')} | ${cell(row.description)} |`,
    ),
  ].join('\n');
}

/** A distributed runtime requires what the all-in-one one may omit: the same entry, wrapped. */
function definitionOf(member: z.ZodType): z.ZodType {
  return member instanceof z.ZodNonOptional ? (member.unwrap() as z.ZodType) : member;
}

function documentationOf(
  name: string,
  entry: z.ZodType,
): Pick<SettingRow, 'default_text' | 'description'> {
  const description = entry.description;
  if (!description) throw new Error(`${name} has no description (.describe())`);
  return { default_text: defaultTextOf(name, entry), description };
}

function defaultTextOf(name: string, entry: z.ZodType): string {
  if (entry instanceof z.ZodDefault || entry instanceof z.ZodPrefault) {
    const value: unknown = entry._zod.def.defaultValue;
    return value === '' ? 'none' : `\`${String(value)}\``;
  }
  const unset = z.globalRegistry.get(entry)?.unset;
  if (typeof unset !== 'string') {
    throw new Error(`${name} has neither a default nor an \`unset\` note (.meta({ unset }))`);
  }
  return unset;
}
