/**
 * Rows for PostgreSQL's binary COPY format. Binary rather than text: the server reads a uuid as its 16
 * bytes instead of parsing 36 characters, which matters at a million rows with three uuids each.
 * Layout: signature, flags, header extension; per row a field count and, per field, its byte length
 * (-1 for NULL) and bytes; a trailer of -1.
 */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_BYTES = SIGNATURE.length + 8;
const TRAILER_BYTES = 2;
const INT8_BYTES = 8;

/** The 16 bytes of a uuid given as text, or null. */
export function uuidBytes(id: string | null): Buffer | null {
  if (id === null) return null;
  const hex = id.replace(/-/g, '');
  if (!/^[0-9a-fA-F]{32}$/.test(hex)) throw new Error(`not a uuid: ${id}`);
  return Buffer.from(hex, 'hex');
}

/** What every code of one job shares. */
export interface CodeRowTarget {
  companyId: Buffer;
  ruleId: Buffer;
  recordId: Buffer;
  productId: Buffer | null;
  batchId: Buffer | null;
}

/** The column list the encoders below write, in order. */
export const CODE_COPY_COLUMNS = '(code, company_id, rule_id, record_id, serial, product_id, batch_id)';
export const STAGE_COPY_COLUMNS = '(code, serial)';

class RowWriter {
  readonly buffer: Buffer;
  private at = 0;
  constructor(bytes: number) {
    this.buffer = Buffer.allocUnsafe(bytes);
    SIGNATURE.copy(this.buffer, 0);
    this.buffer.writeInt32BE(0, SIGNATURE.length);
    this.buffer.writeInt32BE(0, SIGNATURE.length + 4);
    this.at = HEADER_BYTES;
  }
  fields(count: number) {
    this.at = this.buffer.writeInt16BE(count, this.at);
  }
  text(value: string) {
    const length = this.buffer.write(value, this.at + 4, 'utf8');
    this.buffer.writeInt32BE(length, this.at);
    this.at += 4 + length;
  }
  bytes(value: Buffer | null) {
    if (value === null) {
      this.at = this.buffer.writeInt32BE(-1, this.at);
      return;
    }
    this.at = this.buffer.writeInt32BE(value.length, this.at);
    this.at += value.copy(this.buffer, this.at);
  }
  int8(value: bigint | null) {
    if (value === null) {
      this.at = this.buffer.writeInt32BE(-1, this.at);
      return;
    }
    this.at = this.buffer.writeInt32BE(INT8_BYTES, this.at);
    this.at = this.buffer.writeBigInt64BE(value, this.at);
  }
  finish(): Buffer {
    return this.finishAt(this.at);
  }
  /** Ends rows written straight into `buffer` up to `at`. */
  finishAt(at: number): Buffer {
    this.at = this.buffer.writeInt16BE(-1, at);
    return this.buffer.subarray(0, this.at);
  }
}

function textBytes(codes: readonly string[]): number {
  let total = 0;
  for (const code of codes) total += Buffer.byteLength(code, 'utf8');
  return total;
}

/** A field's length word and bytes (or -1 for NULL), to be copied as they are. */
function fieldBytes(values: ReadonlyArray<Buffer | null>): Buffer {
  const parts: Buffer[] = [];
  for (const value of values) {
    const length = Buffer.alloc(4);
    length.writeInt32BE(value === null ? -1 : value.length);
    parts.push(length);
    if (value !== null) parts.push(value);
  }
  return Buffer.concat(parts);
}

/**
 * Codes of one job as rows of `code` CODE_COPY_COLUMNS; `serials` null for random rules. Everything after
 * the code but the serial is the same on every row, so it is encoded once and copied; codes are written
 * byte by byte while they are ASCII (every alphabet is), which is several times faster than a string write
 * per code.
 */
export function encodeCodeRows(target: CodeRowTarget, codes: readonly string[], serials: readonly bigint[] | null): Buffer {
  const owners = fieldBytes([target.companyId, target.ruleId, target.recordId]);
  const product = fieldBytes([target.productId, target.batchId]);
  const serialBytes = serials ? 4 + INT8_BYTES : 4;
  const perRow = 2 + 4 + owners.length + serialBytes + product.length;
  const writer = new RowWriter(HEADER_BYTES + TRAILER_BYTES + codes.length * perRow + textBytes(codes));
  const buffer = writer.buffer;
  let at = HEADER_BYTES;
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i] as string;
    at = buffer.writeInt16BE(7, at);
    const start = at + 4;
    let k = 0;
    for (; k < code.length; k++) {
      const c = code.charCodeAt(k);
      if (c > 0x7f) break;
      buffer[start + k] = c;
    }
    const length = k === code.length ? k : buffer.write(code, start, 'utf8');
    buffer.writeInt32BE(length, at);
    at = start + length;
    owners.copy(buffer, at);
    at += owners.length;
    if (serials) {
      at = buffer.writeInt32BE(INT8_BYTES, at);
      at = buffer.writeBigInt64BE(serials[i] as bigint, at);
    } else {
      at = buffer.writeInt32BE(-1, at);
    }
    product.copy(buffer, at);
    at += product.length;
  }
  return writer.finishAt(at);
}

/** Codes as rows of the staging table STAGE_COPY_COLUMNS. */
export function encodeStageRows(codes: readonly string[], serials: readonly bigint[] | null): Buffer {
  const perRow = 2 + 2 * 4 + (serials ? INT8_BYTES : 0);
  const writer = new RowWriter(HEADER_BYTES + TRAILER_BYTES + codes.length * perRow + textBytes(codes));
  for (let i = 0; i < codes.length; i++) {
    writer.fields(2);
    writer.text(codes[i] as string);
    writer.int8(serials ? (serials[i] as bigint) : null);
  }
  return writer.finish();
}
