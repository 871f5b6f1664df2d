import { describe, expect, it } from 'vitest';
import { codeFromScan, serialFromDigitalLink } from '../src/scan/codeFromScan.js';

describe('codeFromScan', () => {
  it('takes a bare code, ignoring what scanners append', () => {
    expect(codeFromScan('AB12CD34')).toBe('AB12CD34');
    expect(codeFromScan('AB12CD34\t')).toBe('AB12CD34');
    expect(codeFromScan('  AB12CD34\r\n')).toBe('AB12CD34');
  });

  it('reads the code of the scan-page URL', () => {
    expect(codeFromScan('https://trace.example.com/antiCounterfeiting?code=X7K9')).toBe('X7K9');
    expect(codeFromScan('https://trace.example.com/antiCounterfeiting?code=A%2BB')).toBe('A+B');
    expect(codeFromScan('/antiCounterfeiting?code=X7K9')).toBe('X7K9');
  });

  it('reads the serial of a GS1 Digital Link, with or without qualifiers', () => {
    expect(codeFromScan('https://id.example.com/01/09506000134352/21/SER1')).toBe('SER1');
    expect(codeFromScan('https://id.example.com/01/09506000134352/10/LOT7/21/A%2FB?17=261231')).toBe('A/B');
    // A batch value of "21" is a value, not the serial's identifier.
    expect(serialFromDigitalLink('/01/09506000134352/10/21/21/S9')).toBe('S9');
  });

  it('answers null when there is no code', () => {
    expect(codeFromScan('')).toBeNull();
    expect(codeFromScan('\t')).toBeNull();
    expect(codeFromScan('https://example.com/somewhere')).toBeNull();
    expect(codeFromScan('https://id.example.com/01/09506000134352')).toBeNull();
    expect(codeFromScan('two words')).toBeNull();
  });
});
