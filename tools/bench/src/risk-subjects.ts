/**
 * Company subjects for the risk benchmark: Argentine CUITs of prefix 30 (companies) with a valid
 * check digit, numbered from `first`. A number whose check digit would be 10 has no CUIT: skipped.
 */
const CUIT_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

function cuitOf(number: number): string | null {
  const body = `30${String(number).padStart(8, '0')}`;
  const sum = CUIT_WEIGHTS.reduce(
    (total, weight, index) => total + weight * Number(body[index]),
    0,
  );
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? null : `${body}${check}`;
}

export interface BenchSubject {
  country: 'AR';
  doc_id: string;
  subject_type: 'company';
}

export function companySubjects(count: number, first: number): BenchSubject[] {
  const subjects: BenchSubject[] = [];
  for (let number = first; subjects.length < count; number += 1) {
    const doc_id = cuitOf(number);
    if (doc_id) subjects.push({ country: 'AR', doc_id, subject_type: 'company' });
  }
  return subjects;
}
