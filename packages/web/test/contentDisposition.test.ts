import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from '../src/api/contentDisposition';

describe('file name from Content-Disposition', () => {
  it('prefers the RFC 5987 form, decoding UTF-8 (Chinese names)', () => {
    expect(fileNameFromDisposition(`attachment; filename="a.xlsx"; filename*=UTF-8''%E4%BA%A7%E5%93%81%E6%89%B9%E6%AC%A1.xlsx`)).toBe(
      '产品批次.xlsx',
    );
    expect(fileNameFromDisposition(`attachment; filename*=utf-8'zh-CN'%E6%A0%87%E7%AD%BE.zip`)).toBe('标签.zip');
  });

  it('reads the plain form, quoted or not, percent-encoded or not', () => {
    expect(fileNameFromDisposition('attachment; filename="report 2024.csv"')).toBe('report 2024.csv');
    expect(fileNameFromDisposition('attachment; filename=codes.txt')).toBe('codes.txt');
    expect(fileNameFromDisposition('attachment;filename=%E6%A0%87%E7%AD%BE.xlsx')).toBe('标签.xlsx');
  });

  it('keeps only the last path segment', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''..%2F..%2Fx.txt`)).toBe('x.txt');
  });

  it('answers null without a name', () => {
    expect(fileNameFromDisposition(undefined)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
  });
});
