import fc from 'fast-check';
import {
  checkTemplate,
  fieldValuesFor,
  fillTemplate,
  placeholdersOf,
  type ContractTemplateDraft,
} from './contract-template';

/** A refusal with `code` (a DomainError). */
const refused = (code: string) => expect.objectContaining({ name: 'DomainError', code });

const FIELDS = [
  { name: 'client_name', label: 'Client', required: true },
  { name: 'fee', label: 'Monthly fee', required: true },
  { name: 'notes', label: 'Notes', required: false },
];
const draft: ContractTemplateDraft = {
  name: 'services',
  title: 'Services agreement',
  body: 'Between us and {{client_name}}: a fee of {{ fee }} a month. {{notes}} Signed by {{client_name}}.',
  fields: FIELDS,
};

describe('contract templates', () => {
  it('reads the placeholders once each, spaces inside the braces allowed', () => {
    expect(placeholdersOf(draft.body)).toEqual(['client_name', 'fee', 'notes']);
    expect(placeholdersOf('no fields here, not even {single} braces')).toEqual([]);
  });

  it('accepts a template whose body names only declared fields', () => {
    expect(() => checkTemplate(draft)).not.toThrow();
    // Declaring a field the body does not place is allowed: it shows in the details.
    expect(() => checkTemplate({ ...draft, body: 'Plain text.' })).not.toThrow();
  });

  it('refuses undeclared placeholders, a field declared twice and a blank text', () => {
    expect(() => checkTemplate({ ...draft, body: 'Hello {{stranger}}' })).toThrow(
      refused('invalid_request'),
    );
    expect(() => checkTemplate({ ...draft, body: 'Hello {{Bad-Name}}' })).toThrow(
      refused('invalid_request'),
    );
    expect(() => checkTemplate({ ...draft, fields: [...FIELDS, FIELDS[0]!] })).toThrow(
      refused('invalid_request'),
    );
    expect(() => checkTemplate({ ...draft, title: '   ' })).toThrow(refused('invalid_request'));
  });

  it('fills every placeholder with its trimmed value, optional fields empty', () => {
    const values = fieldValuesFor(FIELDS, { client_name: ' Ana Pérez ', fee: '120.00 USD' });
    expect(values).toEqual({ client_name: 'Ana Pérez', fee: '120.00 USD', notes: '' });
    expect(fillTemplate(draft.body, values)).toBe(
      'Between us and Ana Pérez: a fee of 120.00 USD a month.  Signed by Ana Pérez.',
    );
  });

  it('is contract_unfillable with a required field missing or blank, or an unknown field', () => {
    expect(() => fieldValuesFor(FIELDS, { client_name: 'Ana' })).toThrow(
      refused('contract_unfillable'),
    );
    expect(() => fieldValuesFor(FIELDS, { client_name: 'Ana', fee: '  ' })).toThrow(
      refused('contract_unfillable'),
    );
    expect(() => fieldValuesFor(FIELDS, { client_name: 'Ana', fee: '1', surprise: 'x' })).toThrow(
      refused('contract_unfillable'),
    );
  });

  it('reads only the values given, even for fields named like Object members', () => {
    const fields = [
      { name: 'constructor', label: 'C', required: false },
      { name: 'to_string', label: 'T', required: false },
    ];
    expect(fieldValuesFor(fields, {})).toEqual({ constructor: '', to_string: '' });
    expect(() => fieldValuesFor([{ ...fields[0]!, required: true }], {})).toThrow(
      refused('contract_unfillable'),
    );
    expect(fillTemplate('a{{constructor}}b', {})).toBe('ab');
  });

  it('never leaves a placeholder of a declared field in the filled text', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('client_name', 'fee', 'notes', 'text ', '{', '}'), {
          maxLength: 30,
        }),
        // Values that cannot spell a field's name: a filled text never grows a placeholder.
        fc.stringMatching(/^[A-Z0-9 .,]{0,20}$/),
        (pieces, value) => {
          const body = pieces
            .map((piece) => (/^[a-z_]+$/.test(piece) ? `{{${piece}}}` : piece))
            .join('');
          const filled = fillTemplate(body, { client_name: value, fee: value, notes: value });
          expect(filled).not.toMatch(/\{\{\s*(client_name|fee|notes)\s*\}\}/);
        },
      ),
    );
  });
});
