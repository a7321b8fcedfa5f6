import { compareNames, prepareName, type NameReason, type PreparedName } from './name-match';
import type { SubjectType, WatchlistEntry } from './watchlist';
import {
  MIN_DOCUMENT_KEY_LENGTH,
  candidateEntries,
  documentKey,
  watchlistIndex,
  type WatchlistIndex,
} from './watchlist-index';

export const SCREENING_STATUSES = ['clear', 'potential_match', 'match'] as const;
export type ScreeningStatus = (typeof SCREENING_STATUSES)[number];

/** Whom a screening looks for on the lists. */
export interface ScreeningSubject {
  type: SubjectType;
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  doc_id?: string | null;
  /** `YYYY-MM-DD`. */
  birth_date?: string | null;
}

export type MatchReason =
  | NameReason
  | 'alias'
  | 'birth_date'
  | 'birth_date_differs'
  | 'country'
  | 'doc_id'
  | 'pep'
  | 'sandbox_sanctioned'
  | 'sandbox_pep';

/** One listed party the subject may be. `score` in [0, 1], three decimals. */
export interface ScreeningMatch {
  list: string;
  name: string;
  score: number;
  reasons: MatchReason[];
}

export interface ScreeningOutcome {
  status: ScreeningStatus;
  matches: ScreeningMatch[];
}

/** Names at least this close are worth a look... */
export const POTENTIAL_MATCH_SCORE = 0.85;
/** ...and at least this close, on a sanctions list and not contradicted, are the party. */
export const MATCH_SCORE = 0.95;
/** At most this many matches are reported, the closest first. */
export const MAX_MATCHES = 10;

const RANK: Record<ScreeningStatus, number> = { clear: 0, potential_match: 1, match: 2 };

/**
 * Screens a subject against the loaded lists. A close name on a sanctions list is a `match`
 * unless the birth date contradicts it; a close name on a PEP list, or a contradicted one, is a
 * `potential_match` for a person to review; a document number on the entry settles it. In the
 * test environment a name containing `SANCTIONED` is a match and one containing `PEP` a potential
 * match (decisions D8), beside whatever the lists say.
 */
export function screenSubject(
  subject: ScreeningSubject,
  entries: readonly WatchlistEntry[],
  environment: 'test' | 'live',
): ScreeningOutcome {
  const index = watchlistIndex(entries);
  const recent = recentOutcomes(index);
  const key = JSON.stringify([
    environment,
    subject.type,
    subject.name,
    subject.country,
    subject.doc_id ?? null,
    subject.birth_date ?? null,
  ]);
  const outcome = recent.get(key) ?? screenAgainst(subject, entries, index, environment);
  // Newest last: the oldest is the first to go.
  recent.delete(key);
  recent.set(key, outcome);
  if (recent.size > RECENT_OUTCOMES) recent.delete(recent.keys().next().value ?? '');
  return { status: outcome.status, matches: [...outcome.matches] };
}

/**
 * Outcomes of the subjects last screened against each loaded list, kept until it is replaced:
 * a payout's beneficiary is screened again with every payout to it, and the same subject against
 * the same list always has the same outcome.
 */
const recent_outcomes = new WeakMap<WatchlistIndex, Map<string, ScreeningOutcome>>();
const RECENT_OUTCOMES = 1_000;

function recentOutcomes(index: WatchlistIndex): Map<string, ScreeningOutcome> {
  let recent = recent_outcomes.get(index);
  if (!recent) {
    recent = new Map();
    recent_outcomes.set(index, recent);
  }
  return recent;
}

function screenAgainst(
  subject: ScreeningSubject,
  entries: readonly WatchlistEntry[],
  index: WatchlistIndex,
  environment: 'test' | 'live',
): ScreeningOutcome {
  const found: { status: ScreeningStatus; match: ScreeningMatch }[] = [];
  if (environment === 'test') found.push(...sandboxMatches(subject));
  const name = prepareName(subject.name);
  const document_key = subjectDocumentKey(subject.doc_id);
  for (const position of candidateEntries(index, name, document_key, POTENTIAL_MATCH_SCORE)) {
    const entry = entries[position];
    const judged = entry && judgeEntry(subject, name, entry, index.names[position] ?? []);
    if (judged) found.push(judged);
  }
  found.sort((x, y) => RANK[y.status] - RANK[x.status] || y.match.score - x.match.score);
  const status = found.reduce<ScreeningStatus>(
    (worst, { status: each }) => (RANK[each] > RANK[worst] ? each : worst),
    'clear',
  );
  return { status, matches: found.slice(0, MAX_MATCHES).map(({ match }) => match) };
}

function sandboxMatches(subject: ScreeningSubject) {
  const found: { status: ScreeningStatus; match: ScreeningMatch }[] = [];
  if (subject.name.includes('SANCTIONED'))
    found.push({
      status: 'match',
      match: { list: 'sandbox', name: subject.name, score: 1, reasons: ['sandbox_sanctioned'] },
    });
  if (subject.name.includes('PEP'))
    found.push({
      status: 'potential_match',
      match: { list: 'sandbox', name: subject.name, score: 1, reasons: ['sandbox_pep'] },
    });
  return found;
}

/** An entry the index found may be the subject: judged on its names, documents and dates. */
function judgeEntry(
  subject: ScreeningSubject,
  subject_name: PreparedName,
  entry: WatchlistEntry,
  entry_names: readonly PreparedName[],
): { status: ScreeningStatus; match: ScreeningMatch } | null {
  if (entry.type !== 'other' && entry.type !== subject.type) return null;
  const doc_match = sameDocument(subject.doc_id, entry.doc_ids);
  const name = bestName(subject_name, entry_names);
  if (!doc_match && name.score < POTENTIAL_MATCH_SCORE) return null;
  const reasons: MatchReason[] = [...name.reasons];
  if (doc_match) reasons.push('doc_id');
  const birth = birthDateAgreement(subject.birth_date, entry.birth_dates);
  if (birth === 'agrees') reasons.push('birth_date');
  if (birth === 'differs') reasons.push('birth_date_differs');
  if (entry.countries.includes(subject.country.toUpperCase())) reasons.push('country');
  if (entry.kind === 'pep') reasons.push('pep');
  const certain =
    entry.kind === 'sanctions' && (doc_match || (name.score >= MATCH_SCORE && birth !== 'differs'));
  return {
    status: certain ? 'match' : 'potential_match',
    match: {
      list: entry.list,
      name: entry.name,
      score: Math.round((doc_match ? Math.max(name.score, 1) : name.score) * 1000) / 1000,
      reasons,
    },
  };
}

/** The closest of the entry's names; an alias says so. */
function bestName(
  query: PreparedName,
  entry_names: readonly PreparedName[],
): { score: number; reasons: MatchReason[] } {
  let best: { score: number; reasons: MatchReason[] } = { score: 0, reasons: [] };
  for (const [index, name] of entry_names.entries()) {
    const similarity = compareNames(query, name);
    if (similarity.score > best.score) {
      best = {
        score: similarity.score,
        reasons: index === 0 ? similarity.reasons : [...similarity.reasons, 'alias'],
      };
    }
  }
  return best;
}

/** The subject's document as compared, or null when it has none long enough to settle anything. */
function subjectDocumentKey(doc_id: string | null | undefined): string | null {
  const key = doc_id ? documentKey(doc_id) : '';
  return key.length >= MIN_DOCUMENT_KEY_LENGTH ? key : null;
}

function sameDocument(doc_id: string | null | undefined, listed: readonly string[]): boolean {
  const key = subjectDocumentKey(doc_id);
  return key !== null && listed.some((each) => documentKey(each) === key);
}

/**
 * A listed birth date agrees when it is as far as it goes the same (`1960` agrees with
 * `1960-01-02`), differs when none does; unknown on either side says nothing.
 */
function birthDateAgreement(
  birth_date: string | null | undefined,
  listed: readonly string[],
): 'agrees' | 'differs' | 'unknown' {
  if (!birth_date || listed.length === 0) return 'unknown';
  return listed.some((each) => birth_date.startsWith(each) || each.startsWith(birth_date))
    ? 'agrees'
    : 'differs';
}
