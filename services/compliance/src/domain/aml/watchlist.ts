/** A sanctions list names whom no one may pay; a PEP list names whom to look at more closely. */
export const LIST_KINDS = ['sanctions', 'pep'] as const;
export type ListKind = (typeof LIST_KINDS)[number];

export const SUBJECT_TYPES = ['person', 'company'] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];

/** One listed party, whatever list file it came from. */
export interface WatchlistEntry {
  /** The list it is on, as screenings name it (`ofac_sdn`, `opensanctions_peps`...). */
  list: string;
  kind: ListKind;
  /** The publisher's own id of the entry. */
  entry_id: string;
  /** `other` for vessels, aircraft and the like: screened as either subject type. */
  type: SubjectType | 'other';
  name: string;
  aliases: string[];
  /** ISO 3166-1 alpha-2, upper case. */
  countries: string[];
  /** `YYYY-MM-DD`, `YYYY-MM` or `YYYY`, as precise as the publisher gives it. */
  birth_dates: string[];
  /** Passport, national id and registration numbers, as published. */
  doc_ids: string[];
}

/** The entries of the loaded lists, and the content hash monitoring compares. */
export interface Watchlist {
  entries: readonly WatchlistEntry[];
  /** Changes whenever any loaded file's content changes. */
  version: string;
}
