import { describe, expect, it } from 'vitest';
import { detectLayout, parseStatement, UnknownLayoutError, type ParsedStatement } from './parse';
import { parseDate, parsePence } from './money';

const BOM = '\uFEFF';
const crlf = (lines: string[]) => lines.join('\r\n') + '\r\n';
const lf = (lines: string[]) => lines.join('\n') + '\n';
const summary = (parsed: ParsedStatement) => parsed.lines.map((line) => [line.row, line.date, line.amount_pence, line.balance_pence]);

describe('amounts and dates', () => {
  it('reads pence exactly from the decimal text', () => {
    expect(parsePence('20.00')).toBe(2000);
    expect(parsePence('1,234.56')).toBe(123456);
    expect(parsePence('-1,234.5')).toBe(-123450);
    expect(parsePence('£25')).toBe(2500);
    expect(parsePence('-£12.01')).toBe(-1201);
    expect(parsePence('£-12.01')).toBe(-1201);
    expect(parsePence('+0.10')).toBe(10);
    expect(parsePence('.5')).toBe(50);
    expect(parsePence('(3.20)')).toBe(-320);
    expect(parsePence('12.00 DR')).toBe(-1200);
    expect(parsePence('0.29')).toBe(29); // 0.29 * 100 = 28.999999999999996 in floating point
    expect(parsePence('1,23')).toBeNull();
    expect(parsePence('12.345')).toBeNull();
    expect(parsePence('abc')).toBeNull();
    expect(parsePence('')).toBeNull();
  });
  it('reads UK dates and refuses impossible ones', () => {
    expect(parseDate('03/02/2026')).toBe('2026-02-03');
    expect(parseDate('3 Feb 2026')).toBe('2026-02-03');
    expect(parseDate('03-Feb-2026')).toBe('2026-02-03');
    expect(parseDate('2026-02-03')).toBe('2026-02-03');
    expect(parseDate('03/02/26')).toBe('2026-02-03');
    expect(parseDate('02/03/2026', 'MM/DD/YYYY')).toBe('2026-02-03');
    expect(parseDate('31/02/2026')).toBeNull();
    expect(parseDate('29/02/2028')).toBe('2028-02-29');
    expect(parseDate('3 Fab 2026')).toBeNull();
    expect(parseDate('2026-02-03', 'DD/MM/YYYY')).toBeNull();
  });
});

interface LayoutCase {
  name: string;
  file: string | Buffer;
  layout: ParsedStatement['layout'];
  /** Each line read: its row, date, amount and balance in pence. */
  rows: ReturnType<typeof summary>;
  /** The rows that could not be read (none unless given). */
  failed?: number[];
  /** What else this bank's file shows. */
  also?: (parsed: ParsedStatement) => void;
}

const presetCases: LayoutCase[] = [
  {
    name: 'Starling: BOM, CRLF, signed amounts, quoted commas and doubled quotes',
    file: Buffer.from(
      BOM +
        crlf([
          'Date,Counter Party,Reference,Type,Amount (GBP),Balance (GBP),Spending Category,Notes',
          '01/10/2026,J Smith,RRFC7KQ2MX,FASTER PAYMENT,25.00,1025.00,INCOME,',
          '02/10/2026,"Smith, Jane","SUBS ""OCT""",FASTER PAYMENT,"1,234.56","2,259.56",INCOME,',
          '03/10/2026,Pitch Hire Ltd,INV 22,FASTER PAYMENT,-80.00,"2,179.56",BILLS,',
        ]),
      'utf8',
    ),
    layout: 'starling',
    rows: [
      [2, '2026-10-01', 2500, 102500],
      [3, '2026-10-02', 123456, 225956],
      [4, '2026-10-03', -8000, 217956],
    ],
    also: (parsed) => {
      expect(parsed.lines[0]).toMatchObject({ counterparty: 'J Smith', reference: 'RRFC7KQ2MX' });
      expect(parsed.lines[1]).toMatchObject({ counterparty: 'Smith, Jane', reference: 'SUBS "OCT"' });
      expect(parsed.incoming_pence).toBe(125956);
      expect(parsed.outgoing_pence).toBe(8000);
    },
  },
  {
    name: 'Monzo: many columns, no balance, reference in the notes',
    file: lf([
      'Transaction ID,Date,Time,Type,Name,Emoji,Category,Amount,Currency,Local amount,Local currency,Notes and #tags,Address,Receipt,Description,Category split',
      'tx_0001,05/10/2026,09:12:01,Faster payment,Ann Jones,,income,30.00,GBP,30.00,GBP,RRFC ABCDE F,,,"ANN JONES RRFC ABCDE F",',
      'tx_0002,06/10/2026,10:00:00,Card payment,Kit Shop,,shopping,-45.50,GBP,-45.50,GBP,,"1 High St, Town",,KIT SHOP,',
    ]),
    layout: 'monzo',
    rows: [
      [2, '2026-10-05', 3000, null],
      [3, '2026-10-06', -4550, null],
    ],
    also: (parsed) => expect(parsed.lines[0]).toMatchObject({ counterparty: 'Ann Jones', reference: 'RRFC ABCDE F' }),
  },
  {
    name: 'Barclays (Number/Account/Memo)',
    file: lf([
      'Number,Date,Account,Amount,Subcategory,Memo',
      ',07/10/2026,20-00-00 12345678,12.50,Bill Payment,J SMITH        RRFC7KQ2MX   BGC',
      ',08/10/2026,20-00-00 12345678,-9.99,Debit,"SHOP, TOWN"',
    ]),
    layout: 'barclays',
    rows: [
      [2, '2026-10-07', 1250, null],
      [3, '2026-10-08', -999, null],
    ],
    also: (parsed) => expect(parsed.lines[0].reference).toContain('RRFC7KQ2MX'),
  },
  {
    name: "Barclays' newer Money In/Money Out export",
    file: crlf(['Date,Description,Money Out,Money In,Balance', '09/10/2026,P JONES SUBS,,"1,000.00","3,000.00"', '10/10/2026,REFEREE,£40.00,,"2,960.00"']),
    layout: 'barclays',
    rows: [
      [2, '2026-10-09', 100000, 300000],
      [3, '2026-10-10', -4000, 296000],
    ],
  },
  {
    name: 'Lloyds: leading apostrophes, debit and credit columns, name and reference in one field',
    file: crlf([
      'Transaction Date,Transaction Type,Sort Code,Account Number,Transaction Description,Debit Amount,Credit Amount,Balance',
      "28/08/2026,FPI,'30-91-74,12345678,J SMITH RRFC7KQ2MX,,20.00,120.00",
      "29/08/2026,DEB,'30-91-74,12345678,BALLS R US,15.25,,104.75",
      '',
      '',
    ]),
    layout: 'lloyds',
    rows: [
      [2, '2026-08-28', 2000, 12000],
      [3, '2026-08-29', -1525, 10475],
    ],
    also: (parsed) => {
      expect(parsed.lines[0].reference).toBe('J SMITH RRFC7KQ2MX');
      expect(parsed.lines[0].description).toContain('FPI');
      expect(parsed.lines[0].description).not.toContain("'");
    },
  },
  {
    name: 'HSBC: Paid In/Paid Out layout',
    file: lf(['Date,Type,Description,Paid Out,Paid In,Balance', '11/10/2026,CR,A BROWN RRFCQWERTY,,25.00,525.00', '12/10/2026,DD,INSURANCE,100.00,,425.00']),
    layout: 'hsbc',
    rows: [
      [2, '2026-10-11', 2500, 52500],
      [3, '2026-10-12', -10000, 42500],
    ],
  },
  {
    name: 'HSBC: the " Transaction Date" layout with D MMM YYYY, 1,234.56 and a trailing comma',
    file: crlf([' Transaction Date,Description,Amount,Balance,', '3 Feb 2026,"A BROWN, SUBS",25.00,"1,234.56",', '14 Feb 2026,KIT,-"1,000.00"x,0.00,', '']),
    layout: 'hsbc',
    rows: [[2, '2026-02-03', 2500, 123456]],
    failed: [3],
  },
  {
    name: 'HSBC without a header row: every line is a transaction, line 1 included',
    file: lf(['08 Nov 2026,"J SMITH RRFC7KQ2MX",25.00', '09 Nov 2026,"REFEREE FEES",-40.00']),
    layout: 'hsbc',
    rows: [
      [1, '2026-11-08', 2500, null],
      [2, '2026-11-09', -4000, null],
    ],
    also: (parsed) => expect(parsed.headers).toEqual(['Date', 'Description', 'Amount', 'Balance']),
  },
  {
    name: 'NatWest: signed Value column, header found below account details',
    file: lf([
      'Account details for Riverside Rovers FC',
      '',
      'Date,Type,Description,Value,Balance,Account Name,Account Number',
      '13 Oct 2026,BAC,"J SMITH , RRFC7KQ2MX , FP 13/10/26 1034",25.00,1025.00,\'RIVERSIDE ROVERS,\'600000-12345678',
      '14 Oct 2026,D/D,COUNCIL PITCHES,-120.00,905.00,RIVERSIDE ROVERS,600000-12345678',
    ]),
    layout: 'natwest',
    rows: [
      [4, '2026-10-13', 2500, 102500],
      [5, '2026-10-14', -12000, 90500],
    ],
  },
];

describe('preset layouts', () => {
  it.each(presetCases)('$name', ({ file, layout, rows, failed = [], also }) => {
    const parsed = parseStatement(file);
    expect(parsed.layout).toBe(layout);
    expect(summary(parsed)).toEqual(rows);
    expect(parsed.failed.map((fail) => fail.row)).toEqual(failed);
    also?.(parsed);
  });

  it('detects layouts ignoring case, spacing and column order', () => {
    expect(detectLayout(['  date ', 'COUNTER PARTY', 'Reference', 'amount  (gbp)'])).toBe('starling');
    expect(detectLayout(['Credit Amount', 'Debit Amount', 'Transaction Description', 'Transaction Date'])).toBe('lloyds');
    expect(detectLayout(['When', 'What', 'How much'])).toBeNull();
  });
});

describe('rows that cannot be read', () => {
  it('go to failed with their line numbers and a reason, and the rest is read', () => {
    const csv = lf([
      'Date,Counter Party,Reference,Type,Amount (GBP),Balance (GBP),Spending Category',
      '01/10/2026,A,R1,FP,10.00,10.00,INCOME',
      '32/10/2026,B,R2,FP,10.00,20.00,INCOME',
      '02/10/2026,C,R3,FP,ten pounds,20.00,INCOME',
      '03/10/2026,D,R4,FP,10.00',
      '04/10/2026,E,"multi',
      'line",FP,5.00,25.00,INCOME',
      '05/10/2026,F,R6,FP,,25.00,INCOME',
      '06/10/2026,G,R7,FP,1.00,26.00,INCOME',
      '',
    ]);
    const parsed = parseStatement(csv);
    expect(summary(parsed)).toEqual([
      [2, '2026-10-01', 1000, 1000],
      [6, '2026-10-04', 500, 2500],
      [9, '2026-10-06', 100, 2600],
    ]);
    expect(parsed.failed.map((fail) => fail.row)).toEqual([3, 4, 5, 8]);
    for (const fail of parsed.failed) expect(fail.reason).toMatch(/\w/);
    expect(parsed.failed[0].reason).toContain('32/10/2026');
  });

  it('never throws on rubbish after the header, including an unclosed quote', () => {
    const csv = 'Date,Description,Money Out,Money In,Balance\n01/01/2026,OK,,1.00,1.00\n02/01/2026,"BROKEN,,2.00,3.00\n';
    const parsed = parseStatement(csv);
    expect(parsed.lines).toHaveLength(1);
    expect(parsed.failed).toHaveLength(1);
  });

  it('reads a Windows-1252 file with £ signs', () => {
    const text = 'Date,Description,Paid Out,Paid In,Balance\n01/01/2026,SUBS,,£25.00,£25.00\n';
    const bytes = Buffer.from(text, 'latin1');
    expect(parseStatement(bytes).lines[0].amount_pence).toBe(2500);
  });
});

describe('unknown layouts and custom mappings', () => {
  const csv = lf(['When,Who,Ref,In,Out,Left', '2026-10-01,Ann Jones,RRFCABCDEF,"1,000.00",,5.00', '2026-10-02,Shop,,,3.50,1.50']);

  it('an unknown header throws UnknownLayoutError with the headers', () => {
    let error: unknown;
    try {
      parseStatement(csv);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(UnknownLayoutError);
    expect((error as UnknownLayoutError).headers).toEqual(['When', 'Who', 'Ref', 'In', 'Out', 'Left']);
    expect((error as UnknownLayoutError).message).toMatch(/column/);
  });

  it('a custom mapping reads it', () => {
    const parsed = parseStatement(csv, {
      date: 'when',
      counterparty: 'WHO',
      reference: 'Ref',
      paid_in: 'In',
      paid_out: 'Out',
      balance: 'Left',
      date_format: 'YYYY-MM-DD',
    });
    expect(parsed.layout).toBe('custom');
    expect(summary(parsed)).toEqual([
      [2, '2026-10-01', 100000, 500],
      [3, '2026-10-02', -350, 150],
    ]);
    expect(parsed.lines[0]).toMatchObject({ counterparty: 'Ann Jones', reference: 'RRFCABCDEF' });
  });

  it('a mapping naming a column the file lacks throws UnknownLayoutError', () => {
    expect(() => parseStatement(csv, { date: 'Date', amount: 'Amount' })).toThrow(UnknownLayoutError);
  });

  it('an empty file throws UnknownLayoutError', () => {
    expect(() => parseStatement('\n\n')).toThrow(UnknownLayoutError);
  });
});

describe('fingerprints', () => {
  const header = 'Date,Counter Party,Reference,Type,Amount (GBP),Balance (GBP),Spending Category';
  const row = (day: number, who: string, amount: string, balance: string) =>
    `${String(day).padStart(2, '0')}/10/2026,${who},SUBS,FP,${amount},${balance},INCOME`;
  const october = [
    row(1, 'A', '10.00', '10.00'),
    row(15, 'B', '10.00', '20.00'),
    row(15, 'B', '10.00', '20.00'), // an identical line twice (possible when the bank gives no running balance per line)
    row(20, 'C', '5.00', '25.00'),
    row(31, 'D', '1.00', '26.00'),
  ];
  const overlap = [
    row(15, 'B', '10.00', '20.00'),
    row(15, 'B', '10.00', '20.00'),
    row(20, 'C', '5.00', '25.00'),
    row(31, 'D', '1.00', '26.00'),
    row(31, 'E', '2.00', '28.00'),
  ].map((line) => line.replace('/10/2026,E', '/10/2026,E'));

  it('are the same when the same file is parsed twice, whatever its line endings', () => {
    const first = parseStatement(lf([header, ...october]));
    const second = parseStatement(BOM + crlf([header, ...october]));
    expect(second.lines.map((line) => line.fingerprint)).toEqual(first.lines.map((line) => line.fingerprint));
    expect(new Set(first.lines.map((line) => line.fingerprint)).size).toBe(5);
  });

  it('are the same for the lines two overlapping files share, and new for the rest', () => {
    const first = parseStatement(lf([header, ...october]));
    const second = parseStatement(lf([header, ...overlap]));
    const known = new Set(first.lines.map((line) => line.fingerprint));
    const fresh = second.lines.filter((line) => !known.has(line.fingerprint));
    expect(fresh.map((line) => line.counterparty)).toEqual(['E']);
  });
});
