/**
 * Rows for PostgreSQL's binary COPY format. Binary rather than text: the server reads a uuid as its 16
 * bytes instead of parsing 36 characters, which matters at a million rows with three uuids each.
 * Layout: signature, flags, header extension; per row a field count and, per field, its byte length
 * (-1 for NULL) and bytes; a trailer of -1.
 */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_BYTES = SIGNATURE.length + 8;
const TRAILER_BYTES = 2;
const UUID_BYTES = 16;
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
    this.at = this.buffer.writeInt16BE(-1, this.at);
    return this.buffer.subarray(0, this.at);
  }
}

function textBytes(codes: readonly string[]): number {
  let total = 0;
  for (const code of codes) total += Buffer.byteLength(code, 'utf8');
  return total;
}

/** Codes of one job as rows of `code` CODE_COPY_COLUMNS; `serials` null for random rules. */
export function encodeCodeRows(target: CodeRowTarget, codes: readonly string[], serials: readonly bigint[] | null): Buffer {
  const perRow = 2 + 7 * 4 + 3 * UUID_BYTES + (serials ? INT8_BYTES : 0) + (target.productId ? UUID_BYTES : 0) + (target.batchId ? UUID_BYTES : 0);
  const writer = new RowWriter(HEADER_BYTES + TRAILER_BYTES + codes.length * perRow + textBytes(codes));
  for (let i = 0; i < codes.length; i++) {
    writer.fields(7);
    writer.text(codes[i] as string);
    writer.bytes(target.companyId);
    writer.bytes(target.ruleId);
    writer.bytes(target.recordId);
    writer.int8(serials ? (serials[i] as bigint) : null);
    writer.bytes(target.productId);
    writer.bytes(target.batchId);
  }
  return writer.finish();
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
