import { describe, expect, it } from 'vitest';
import { codesOfCsv, codesOfText } from '../src/pages/supplyChain/recall/codesText';

describe('codes of an uploaded recall list', () => {
  it('reads typed or pasted codes, one a line or separated by commas, semicolons or blanks', () => {
    expect(codesOfText(' A1\nB2,C3；D4\r\n\n  E5 ')).toEqual(['A1', 'B2', 'C3', 'D4', 'E5']);
    expect(codesOfText('')).toEqual([]);
  });

  it('reads the first column of a CSV, leaving out its header line', () => {
    expect(codesOfCsv('\uFEFFcode,url\r\n"AB12",https://x/a\r\nCD34,https://x/b\r\n')).toEqual(['AB12', 'CD34']);
    expect(codesOfCsv('123,x\n456,y')).toEqual(['123', '456']);
  });
});
