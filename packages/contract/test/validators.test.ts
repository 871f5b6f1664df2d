import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import {
  ALPHANUMERIC_UNDERSCORE,
  CODE,
  COMMON_NAME,
  DECIMAL_2,
  DIGITS,
  EMAIL,
  ID_CARD,
  INTEGER,
  LANDLINE,
  MOBILE,
  NICKNAME,
  PERSON_NAME,
  PHONE,
  POSITIVE_INTEGER,
  SCALE,
  SEQUENCE,
  UNSIGNED_DECIMAL_2,
  USCC,
  USERNAME,
  UPLOAD_PLACES,
  UPLOAD_RULES,
  VALIDATION_MESSAGES,
  VALIDATORS,
  checkUploadContent,
  checkUploadName,
  detectFileType,
  fileExtension,
  hasAtMostDecimals,
  idCardCheckChar,
  isEmail,
  isIdCard,
  isIdCardChecksumValid,
  isIdCardStrict,
  isMobile,
  isScale,
  isUscc,
  isValidationKey,
  maskIdCard,
  uploadAccept,
  usccCheckChar,
  validationMessage,
  zCode,
  zEmail,
  zIdCard,
  zIdCardStrict,
  zMobile,
  zNickname,
  zNotEmpty,
  zNotZero,
  zPhone,
  zRequired,
  zScale,
  zScaleNumber,
  zUscc,
  zUsername,
} from '../src/validators.js';

/** Every accepted example must match, every rejected one must not. */
function table(name: string, re: RegExp, accepted: string[], rejected: string[]) {
  describe(name, () => {
    it.each(accepted)('accepts %j', (value) => {
      expect(re.test(value)).toBe(true);
    });
    it.each(rejected)('rejects %j', (value) => {
      expect(re.test(value)).toBe(false);
    });
  });
}

describe('patterns (spec 5.2)', () => {
  table(
    'mobile',
    MOBILE,
    ['13012345678', '13912345678', '15012345678', '19999999999', '14700000000'],
    ['12012345678', '11012345678', '10012345678', '1381234567', '138123456789', '23812345678', '1381234567a', ' 13812345678', '+8613812345678', ''],
  );

  table(
    'landline',
    LANDLINE,
    ['010-12345678', '0755-1234567', '01012345678', '07551234567', '021-87654321-123', '0571-8888888-1'],
    ['12345678', '10-12345678', '010-123456', '010-123456789', '01-12345678', '00101-12345678', '010--12345678', '010-12345678-', '010-12345678-1234567', '13812345678'],
  );

  table(
    'landline or mobile',
    PHONE,
    ['13812345678', '010-12345678', '07551234567'],
    ['12812345678', '1381234567', '12345678', 'abc', '13812345678 010-12345678'],
  );

  table(
    'ID card pattern',
    ID_CARD,
    ['110105491231002', '11010519491231002X', '11010519491231002x', '440524188001010014'],
    ['11010549123100', '1101054912310021', '11010519491231002', '1101051949123100212', '11010519491231002Y', '1101051949123100X2', 'X10105194912310021', '11010549123100X'],
  );

  table('digits', DIGITS, ['0', '007', '1234567890'], ['', '-1', '1.0', '1 2', '١٢٣', 'a']);

  table('positive integer', POSITIVE_INTEGER, ['1', '9', '10', '123456789'], ['0', '-1', '01', '+1', '1.0', '1.5', '', ' 1']);

  table('integer', INTEGER, ['0', '1', '-1', '120', '-987654'], ['-0', '+1', '01', '-01', '1.0', '', '-', '1-']);

  table(
    'decimal up to 2 places (signed)',
    DECIMAL_2,
    ['0', '1', '-1', '0.5', '0.05', '12.34', '-12.34', '-0.01', '100'],
    ['1.234', '-0.001', '.5', '1.', '01.5', '+1.5', '1,5', '1.2.3', '', '--1'],
  );

  table(
    'decimal up to 2 places (unsigned)',
    UNSIGNED_DECIMAL_2,
    ['0', '0.01', '12.3', '999.99'],
    ['-1', '-0.5', '1.001', '.1', ''],
  );

  table('sequence', SEQUENCE, ['0', '1', '123456', '000001'], ['', '1234567', '-1', '1.5', 'a1']);

  table(
    'personal name',
    PERSON_NAME,
    ['张三', '欧阳娜娜', '一二三四五六七八九十'],
    ['张', '一二三四五六七八九十一', 'Zhang San', '张3', '张 三', '张_三', '', 'ab'],
  );

  table(
    'username',
    USERNAME,
    ['ab', '张三', 'user_01', 'A1', '用户_abc_1', 'abcdefghij', '__'],
    ['a', '张', 'abcdefghijk', 'user-01', 'user 01', 'user.01', 'user@01', ''],
  );

  table(
    'nickname',
    NICKNAME,
    ['ab', '小明', 'nick_name_1', '_a', 'a_b_c', 'abcdefghijabcdefghij', '张三_abc'],
    ['a', 'nick__name', '__', 'a__', 'abcdefghijabcdefghijk', 'nick-name', 'nick name', '', '😀😀'],
  );

  table(
    'common name',
    COMMON_NAME,
    ['a', '张', 'A1', '产品123', 'abcdef', '一二三四五六'],
    ['', 'abcdefg', '一二三四五六七', 'a_b', 'a b', 'a-b', 'a.b'],
  );

  table(
    'scale 0-100',
    SCALE,
    ['0', '0.01', '0.5', '1', '9.99', '50', '99.99', '100', '100.0', '100.00'],
    ['-1', '-0.01', '100.01', '100.1', '101', '1000', '0.001', '12.345', '01', '.5', '', '100.000'],
  );

  table(
    'email',
    EMAIL,
    ['user@example.com', 'first.last+tag@sub.example.co', 'a_b-c@mail-host.cn', 'x@y.io', 'USER@EXAMPLE.COM', 'a@example.xn--p1ai'],
    ['plainaddress', '@example.com', 'user@', 'user@example', 'user@.example.com', 'user@example..com', '.user@example.com', 'user.@example.com', 'us..er@example.com', 'user@-example.com', 'user@example-.com', 'user@example.c', 'user@example.123', 'us er@example.com', 'user@exa mple.com', 'a@b@example.com', `${'a'.repeat(65)}@example.com`],
  );

  table('letters, digits and underscore', ALPHANUMERIC_UNDERSCORE, ['a', 'A_1', '___', 'abc123'], ['', 'a-b', 'a b', '张三', 'a.b', 'a@b']);

  table(
    'code',
    CODE,
    ['ABC_123', 'user@example.com', 'a.b-c_d', '-', 'X'],
    ['', 'a b', 'a/b', '张三', 'a#b', 'a+b', "a'b"],
  );

  table(
    'unified social credit code (pattern)',
    USCC,
    ['91350100M000100Y43', '91110108551385082Q'],
    ['91350100M000100Y4', '91350100M000100Y433', '91350100m000100Y43', '9135010AM000100Y43', '91350100M000100I43', '91350100M000100O43', '91350100M000100S43', '91350100M000100Z43', '91350100M000100V43'],
  );
});

describe('predicates', () => {
  it('accept numbers as their decimal text and reject other types', () => {
    expect(isMobile(13812345678)).toBe(true);
    expect(VALIDATORS.positiveInteger.test(12)).toBe(true);
    expect(VALIDATORS.decimal2.test(1.25)).toBe(true);
    expect(VALIDATORS.decimal2.test(1.255)).toBe(false);
    expect(VALIDATORS.integer.test(-3)).toBe(true);
    expect(VALIDATORS.integer.test(Number.NaN)).toBe(false);
    expect(isScale(100)).toBe(true);
    expect(isScale(100.5)).toBe(false);
    for (const value of [undefined, null, {}, [], true, Number.POSITIVE_INFINITY]) {
      expect(isMobile(value)).toBe(false);
      expect(VALIDATORS.digits.test(value)).toBe(false);
    }
  });

  it('every VALIDATORS entry has a message key and a stateless pattern', () => {
    for (const [name, entry] of Object.entries(VALIDATORS)) {
      expect(isValidationKey(entry.key), name).toBe(true);
      expect(entry.pattern.flags.includes('g'), name).toBe(false);
    }
  });

  it('email length: at most 254 characters in all', () => {
    const local = 'a'.repeat(64);
    const label = 'b'.repeat(63);
    const at254 = `${local}@${label}.${label}.${'c'.repeat(254 - 64 - 1 - 63 - 1 - 63 - 1 - 4)}.com`;
    expect(at254.length).toBe(254);
    expect(isEmail(at254)).toBe(true);
    const at255 = `${local}@${label}.${label}.${'c'.repeat(255 - 64 - 1 - 63 - 1 - 63 - 1 - 4)}.com`;
    expect(at255.length).toBe(255);
    expect(EMAIL.test(at255)).toBe(true);
    expect(isEmail(at255)).toBe(false);
    expect(isEmail(`user@${'a'.repeat(64)}.com`)).toBe(false);
    expect(isEmail(42)).toBe(false);
  });

  it('hasAtMostDecimals', () => {
    expect(hasAtMostDecimals(1, 2)).toBe(true);
    expect(hasAtMostDecimals(1.25, 2)).toBe(true);
    expect(hasAtMostDecimals(-1.25, 2)).toBe(true);
    expect(hasAtMostDecimals(1.255, 2)).toBe(false);
    expect(hasAtMostDecimals(0.1 + 0.2, 2)).toBe(false);
    expect(hasAtMostDecimals(1e-7, 2)).toBe(false);
    expect(hasAtMostDecimals(1e21, 2)).toBe(true);
    expect(hasAtMostDecimals(Number.NaN, 2)).toBe(false);
  });

  it('patterns do not backtrack badly on long near-misses', () => {
    const started = Date.now();
    EMAIL.test(`${'a.'.repeat(5000)}@`);
    EMAIL.test(`a@${'a-'.repeat(5000)}`);
    NICKNAME.test('_'.repeat(10000));
    LANDLINE.test('0'.repeat(10000));
    expect(Date.now() - started).toBeLessThan(500);
  });
});

describe('ID card check character (GB 11643)', () => {
  it('computes the check character of the first 17 digits', () => {
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    expect(idCardCheckChar('44052418800101001')).toBe('4');
    expect(idCardCheckChar('11010119900307123')).toBe('3');
    expect(idCardCheckChar('1101051949123100')).toBeNull();
    expect(idCardCheckChar('1101051949123100A')).toBeNull();
  });

  it('verifies 18-character cards, X in either case', () => {
    expect(isIdCardChecksumValid('11010519491231002X')).toBe(true);
    expect(isIdCardChecksumValid('11010519491231002x')).toBe(true);
    expect(isIdCardChecksumValid('440524188001010014')).toBe(true);
    expect(isIdCardChecksumValid('110101199003071233')).toBe(true);
    expect(isIdCardChecksumValid('110101199003071234')).toBe(false);
    expect(isIdCardChecksumValid('440524188001010015')).toBe(false);
    expect(isIdCardChecksumValid('110105194912310021')).toBe(false);
    expect(isIdCardChecksumValid('110105491231002')).toBe(false);
    expect(isIdCardChecksumValid(undefined)).toBe(false);
  });

  it('pattern-only and strict checks', () => {
    expect(isIdCard('110101199003071234')).toBe(true);
    expect(isIdCardStrict('110101199003071234')).toBe(false);
    expect(isIdCardStrict('110101199003071233')).toBe(true);
    expect(isIdCardStrict('110105491231002')).toBe(true);
    expect(isIdCardStrict('11010549123100')).toBe(false);
  });

  it('masks all but the first 3 and last 4 characters', () => {
    expect(maskIdCard('110101199003071234')).toBe('110***********1234');
    expect(maskIdCard('11010519491231002X')).toBe('110***********002X');
    expect(maskIdCard('110105491231002')).toBe('110********1002');
    expect(maskIdCard('12345678')).toBe('123*5678');
    expect(maskIdCard('1234567')).toBe('*******');
    expect(maskIdCard('')).toBe('');
    expect(maskIdCard(null)).toBe('');
    expect(maskIdCard(undefined)).toBe('');
  });
});

describe('unified social credit code check character (GB 32100-2015)', () => {
  it('computes the check character', () => {
    expect(usccCheckChar('91350100M000100Y4')).toBe('3');
    expect(usccCheckChar('91110108551385082')).toBe('Q');
    expect(usccCheckChar('91350100M000100Y')).toBeNull();
    expect(usccCheckChar('91350100M000100I4')).toBeNull();
  });

  it('accepts the reference codes and rejects altered ones', () => {
    expect(isUscc('91350100M000100Y43')).toBe(true);
    expect(isUscc('91110108551385082Q')).toBe(true);
    expect(isUscc('91350100M000100Y44')).toBe(false);
    expect(isUscc('91110108551385082R')).toBe(false);
    expect(isUscc('91110108551385083Q')).toBe(false);
    expect(isUscc('91350100m000100Y43')).toBe(false);
    expect(isUscc('91350100M000100Y4')).toBe(false);
    expect(isUscc(null)).toBe(false);
  });

  it('a check of 0 comes from a sum divisible by 31', () => {
    // Find a body whose check character is '0' by varying the last body character, then verify it.
    const alphabet = '0123456789ABCDEFGHJKLMNPQRTUWXY';
    const found = [...alphabet].map((c) => `91350100M000100Y${c}`).find((body) => usccCheckChar(body) === '0');
    expect(found).toBeDefined();
    expect(isUscc(`${found}0`)).toBe(true);
  });
});

describe('zod helpers', () => {
  function firstMessage(schema: z.ZodType, value: unknown): string | undefined {
    const result = schema.safeParse(value);
    return result.success ? undefined : result.error.issues[0]?.message;
  }

  it('parse valid values unchanged', () => {
    expect(zMobile.parse('13812345678')).toBe('13812345678');
    expect(zPhone.parse('010-12345678')).toBe('010-12345678');
    expect(zIdCard.parse('11010519491231002x')).toBe('11010519491231002x');
    expect(zUsername.parse('user_01')).toBe('user_01');
    expect(zUscc.parse('91350100M000100Y43')).toBe('91350100M000100Y43');
    expect(zScaleNumber.parse(99.99)).toBe(99.99);
    expect(zNotZero.parse(-2)).toBe(-2);
  });

  it('report message keys, not texts', () => {
    expect(firstMessage(zMobile, '12812345678')).toBe('validation.mobile');
    expect(firstMessage(zPhone, '12345')).toBe('validation.phone');
    expect(firstMessage(zIdCardStrict, '110101199003071234')).toBe('validation.idCard');
    expect(firstMessage(zNickname, 'a__b')).toBe('validation.nickname');
    expect(firstMessage(zScale, '100.01')).toBe('validation.scale');
    expect(firstMessage(zScaleNumber, 100.01)).toBe('validation.scale');
    expect(firstMessage(zScaleNumber, 1.005)).toBe('validation.scale');
    expect(firstMessage(zScaleNumber, -1)).toBe('validation.scale');
    expect(firstMessage(zEmail, 'not-an-email')).toBe('validation.email');
    expect(firstMessage(zEmail, `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`)).toBe('validation.email');
    expect(firstMessage(zCode, 'a b')).toBe('validation.code');
    expect(firstMessage(zUscc, '91350100M000100Y44')).toBe('validation.uscc');
    expect(firstMessage(zNotZero, 0)).toBe('validation.notZero');
  });

  it('missing values report validation.required, wrong types validation.invalid', () => {
    expect(firstMessage(zMobile, undefined)).toBe('validation.required');
    expect(firstMessage(zMobile, null)).toBe('validation.required');
    expect(firstMessage(zMobile, 13812345678)).toBe('validation.invalid');
    expect(firstMessage(zNotZero, undefined)).toBe('validation.required');
    expect(firstMessage(zNotZero, '1')).toBe('validation.invalid');
    expect(firstMessage(z.object({ mobile: zMobile }), {})).toBe('validation.required');
  });

  it('required and not-empty texts', () => {
    expect(zRequired.parse('  abc ')).toBe('abc');
    expect(firstMessage(zRequired, '')).toBe('validation.required');
    expect(firstMessage(zRequired, '   ')).toBe('validation.required');
    expect(zNotEmpty.parse(' a ')).toBe(' a ');
    expect(firstMessage(zNotEmpty, ' \t ')).toBe('validation.notEmpty');
  });

  it('optional fields stay optional', () => {
    const schema = z.object({ mobile: zMobile.optional() });
    expect(schema.parse({})).toEqual({});
  });
});

describe('messages', () => {
  it('has both languages, non-empty, for every key', () => {
    for (const [key, texts] of Object.entries(VALIDATION_MESSAGES)) {
      expect(key.startsWith('validation.'), key).toBe(true);
      expect(texts.zh_CN.length, key).toBeGreaterThan(0);
      expect(texts.en_US.length, key).toBeGreaterThan(0);
    }
  });

  it('uses the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, texts] of Object.entries(VALIDATION_MESSAGES)) {
      expect(placeholders(texts.zh_CN), key).toEqual(placeholders(texts.en_US));
    }
  });

  it('holds the keys used by other schemas and forms', () => {
    for (const key of [
      'validation.required',
      'validation.enterField',
      'validation.chooseField',
      'validation.notEmpty',
      'validation.notZero',
      'validation.passwordSameAsOld',
      'validation.passwordMismatch',
      'validation.tooShort',
      'validation.tooLong',
      'validation.invalid',
      'validation.mobile',
    ]) {
      expect(isValidationKey(key), key).toBe(true);
    }
    expect(isValidationKey('validation.nope')).toBe(false);
    expect(isValidationKey('toString')).toBe(false);
    expect(VALIDATION_MESSAGES['validation.mobile'].zh_CN).toBe('请输入正确的手机号码');
    expect(VALIDATION_MESSAGES['validation.passwordMismatch'].en_US).toBe('The two new passwords are inconsistent');
  });

  it('fills placeholders', () => {
    expect(validationMessage('validation.tooShort', 'en_US', { min: 8 })).toBe('Enter at least 8 characters');
    expect(validationMessage('validation.tooLong', 'zh_CN', { max: 20 })).toBe('长度不能超过20个字符');
    expect(validationMessage('validation.fileSize', 'en_US', { max: '4 MB' })).toBe('The file cannot be larger than 4 MB');
  });

  it('every problem key from the upload checks has a text', () => {
    const keys = [
      checkUploadName('avatar', 'a.exe', 1)?.key,
      checkUploadName('avatar', 'a.png', 0)?.key,
      checkUploadName('avatar', 'a.png', 10 * 1024 * 1024)?.key,
      checkUploadContent('excel', new Uint8Array([1, 2, 3, 4]))?.key,
    ];
    for (const key of keys) expect(isValidationKey(key)).toBe(true);
  });
});

describe('uploads (spec 5.3)', () => {
  const KB = 1024;
  const MB = 1024 * KB;

  it('limits image size by place of use', () => {
    expect(UPLOAD_RULES.avatar.maxBytes).toBe(500 * KB);
    expect(UPLOAD_RULES.productImage.maxBytes).toBe(4 * MB);
    expect(UPLOAD_RULES.image.maxBytes).toBe(8 * MB);
    expect(UPLOAD_RULES.excel.maxBytes).toBe(10 * MB);
    expect(UPLOAD_PLACES).toEqual(['avatar', 'productImage', 'image', 'excel']);
  });

  it('accepts allowed names at the size limit', () => {
    expect(checkUploadName('avatar', 'me.png', 500 * KB)).toBeNull();
    expect(checkUploadName('avatar', 'me.JPG', 1)).toBeNull();
    expect(checkUploadName('productImage', 'p.jpeg', 4 * MB)).toBeNull();
    expect(checkUploadName('image', 'banner.gif', 8 * MB)).toBeNull();
    expect(checkUploadName('excel', 'list.xlsx', 10 * MB)).toBeNull();
    expect(checkUploadName('excel', 'old.XLS', 1000)).toBeNull();
    expect(checkUploadName('image', 'C:\\fakepath\\photo.v2.png', 1000)).toBeNull();
  });

  it('rejects a byte over the limit with the limit as parameter', () => {
    expect(checkUploadName('avatar', 'me.png', 500 * KB + 1)).toEqual({ key: 'validation.fileSize', params: { max: '500 KB' } });
    expect(checkUploadName('productImage', 'p.png', 4 * MB + 1)).toEqual({ key: 'validation.fileSize', params: { max: '4 MB' } });
    expect(checkUploadName('image', 'p.png', 8 * MB + 1)).toEqual({ key: 'validation.fileSize', params: { max: '8 MB' } });
    expect(checkUploadName('excel', 'a.xlsx', 10 * MB + 1)).toEqual({ key: 'validation.fileSize', params: { max: '10 MB' } });
  });

  it('rejects other types with the allowed list as parameter', () => {
    const imageTypes = { key: 'validation.fileType', params: { types: 'png, jpg, jpeg, gif' } };
    expect(checkUploadName('avatar', 'me.bmp', 10)).toEqual(imageTypes);
    expect(checkUploadName('image', 'doc.pdf', 10)).toEqual(imageTypes);
    expect(checkUploadName('image', 'evil.png.exe', 10)).toEqual(imageTypes);
    expect(checkUploadName('image', 'png', 10)).toEqual(imageTypes);
    expect(checkUploadName('image', 'a.png ', 10)).toEqual(imageTypes);
    expect(checkUploadName('image', 'a.png.', 10)).toEqual(imageTypes);
    expect(checkUploadName('image', 'dir.png/file', 10)).toEqual(imageTypes);
    expect(checkUploadName('image', 'list.xlsx', 10)).toEqual(imageTypes);
    expect(checkUploadName('excel', 'list.csv', 10)).toEqual({ key: 'validation.fileType', params: { types: 'xls, xlsx' } });
    expect(checkUploadName('excel', 'photo.png', 10)?.key).toBe('validation.fileType');
  });

  it('rejects empty or unknown sizes', () => {
    expect(checkUploadName('image', 'a.png', 0)).toEqual({ key: 'validation.fileEmpty' });
    expect(checkUploadName('image', 'a.png', -1)).toEqual({ key: 'validation.fileEmpty' });
    expect(checkUploadName('image', 'a.png', Number.NaN)).toEqual({ key: 'validation.fileEmpty' });
  });

  it('file extensions and accept attributes', () => {
    expect(fileExtension('a.b.PNG')).toBe('png');
    expect(fileExtension('noext')).toBe('');
    expect(fileExtension('dir.d/noext')).toBe('');
    expect(uploadAccept('avatar')).toBe('.png,.jpg,.jpeg,.gif');
    expect(uploadAccept('excel')).toBe('.xls,.xlsx');
  });
});

describe('detectFileType (magic numbers)', () => {
  const bytes = (...values: number[]) => new Uint8Array(values);
  const ascii = (text: string, ...rest: number[]) => new Uint8Array([...text].map((c) => c.charCodeAt(0)).concat(rest));

  // Real headers: the first bytes of files written by common tools.
  const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52);
  const JPG_JFIF = bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01);
  const JPG_EXIF = bytes(0xff, 0xd8, 0xff, 0xe1, 0x1c, 0x45, 0x45, 0x78, 0x69, 0x66, 0x00, 0x00);
  const GIF89 = ascii('GIF89a', 0x01, 0x00, 0x01, 0x00, 0x80, 0x00);
  const GIF87 = ascii('GIF87a', 0x0a, 0x00);
  const XLSX = bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0x00, 0x00, 0x21, 0x00);
  const XLS = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00, 0x00, 0x00, 0x00);
  const PDF = ascii('%PDF-1.7\n%', 0xe2, 0xe3, 0xcf, 0xd3);

  it('recognises each supported type', () => {
    expect(detectFileType(PNG)).toBe('png');
    expect(detectFileType(JPG_JFIF)).toBe('jpg');
    expect(detectFileType(JPG_EXIF)).toBe('jpg');
    expect(detectFileType(GIF89)).toBe('gif');
    expect(detectFileType(GIF87)).toBe('gif');
    expect(detectFileType(XLSX)).toBe('xlsx');
    expect(detectFileType(XLS)).toBe('xls');
    expect(detectFileType(PDF)).toBe('pdf');
  });

  it('answers null for other or short content', () => {
    expect(detectFileType(new Uint8Array())).toBeNull();
    expect(detectFileType(bytes(0x89, 0x50, 0x4e))).toBeNull();
    expect(detectFileType(bytes(0xff, 0xd8))).toBeNull();
    expect(detectFileType(ascii('GIF'))).toBeNull();
    expect(detectFileType(ascii('BM'))).toBeNull(); // bmp
    expect(detectFileType(ascii('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(detectFileType(ascii('<html><script>'))).toBeNull();
    expect(detectFileType(ascii('name,price\n'))).toBeNull();
    expect(detectFileType(bytes(0x50, 0x4b, 0x05, 0x06))).toBeNull(); // empty zip
    expect(detectFileType(ascii('MZ', 0x90, 0x00))).toBeNull(); // exe
  });

  it('works on a view into a larger buffer', () => {
    const buffer = new Uint8Array([0, 0, ...PNG]);
    expect(detectFileType(buffer.subarray(2))).toBe('png');
  });

  it('checks content against the place', () => {
    expect(checkUploadContent('avatar', PNG)).toBeNull();
    expect(checkUploadContent('image', JPG_EXIF)).toBeNull();
    expect(checkUploadContent('productImage', GIF89)).toBeNull();
    expect(checkUploadContent('excel', XLSX)).toBeNull();
    expect(checkUploadContent('excel', XLS)).toBeNull();
    expect(checkUploadContent('image', PDF)?.key).toBe('validation.fileContent');
    expect(checkUploadContent('image', XLSX)?.key).toBe('validation.fileContent');
    expect(checkUploadContent('excel', PNG)?.key).toBe('validation.fileContent');
    expect(checkUploadContent('image', ascii('<svg/>'))?.key).toBe('validation.fileContent');
    expect(checkUploadContent('image', new Uint8Array())).toEqual({ key: 'validation.fileEmpty' });
  });
});
