import {
  amountDecimals,
  amountNumberFormat,
  localIsoDateTime,
  spreadsheetDate,
  spreadsheetNumber,
} from './export-cells';

describe('spreadsheetNumber', () => {
  it('converts an amount a double holds exactly', () => {
    expect(spreadsheetNumber('1234.50')).toBe(1234.5);
    expect(spreadsheetNumber('-0.00000001')).toBe(-0.00000001);
    expect(spreadsheetNumber('999999999999999')).toBe(999999999999999);
    expect(spreadsheetNumber('0')).toBe(0);
  });

  it('keeps as text what a spreadsheet number would round or misread', () => {
    expect(spreadsheetNumber('1234567890123456')).toBeUndefined();
    expect(spreadsheetNumber('0.123456789')).toBeUndefined();
    expect(spreadsheetNumber('1e5')).toBeUndefined();
    expect(spreadsheetNumber('12,50')).toBeUndefined();
    expect(spreadsheetNumber('')).toBeUndefined();
    expect(spreadsheetNumber('+1')).toBeUndefined();
  });
});

describe('amount formats', () => {
  it('takes the decimals of the asset or currency, else of the text', () => {
    expect(amountDecimals('1.5', 'USDT')).toBe(6);
    expect(amountDecimals('1', 'BTC')).toBe(8);
    expect(amountDecimals('1500', 'CLP')).toBe(0);
    expect(amountDecimals('1.250', 'XYZ')).toBe(3);
    expect(amountDecimals('7', null)).toBe(0);
    expect(amountNumberFormat(0)).toBe('#,##0');
    expect(amountNumberFormat(2)).toBe('#,##0.00');
    expect(amountNumberFormat(6)).toBe('#,##0.000000');
  });
});

describe('dates in the organization time zone', () => {
  it('writes ISO 8601 with the offset of that instant', () => {
    expect(localIsoDateTime('2026-11-25T05:30:00Z', 'America/Mexico_City')).toBe(
      '2026-11-24T23:30:00-06:00',
    );
    expect(localIsoDateTime('2026-11-25T05:30:00Z', 'Asia/Kolkata')).toBe(
      '2026-11-25T11:00:00+05:30',
    );
    expect(localIsoDateTime('nope', 'UTC')).toBeUndefined();
  });

  it('gives a spreadsheet the local wall clock (cells have no zone)', () => {
    expect(spreadsheetDate('2026-11-25T05:30:00Z', 'America/Mexico_City')).toEqual(
      new Date('2026-11-24T23:30:00Z'),
    );
    expect(spreadsheetDate('', 'UTC')).toBeUndefined();
  });
});
