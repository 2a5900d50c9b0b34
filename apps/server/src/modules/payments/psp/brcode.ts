/**
 * BR Code (EMV QRCPS-MPM as profiled by the Banco Central's Pix manual): the "copia e cola" text a payer's bank
 * app reads. TLV fields: id (2 digits) + length (2 digits) + value, no value over 99 characters, CRC16 last.
 */

/** CRC16-CCITT-FALSE: poly 0x1021, init 0xFFFF, no reflection, no final xor; 4 upper-case hex digits. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  const bytes = Buffer.from(payload, 'utf8');
  for (const b of bytes) {
    crc ^= b << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function tlv(id: string, value: string): string {
  const len = Buffer.byteLength(value, 'utf8');
  if (len > 99) throw new Error(`BR Code field ${id} is longer than 99 bytes`);
  return `${id}${String(len).padStart(2, '0')}${value}`;
}

/** ASCII without accents (bank apps print these fields; EMV wants the common character set). */
function plain(s: string, max: number): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .,/-]/g, '')
    .trim()
    .slice(0, max);
}

export type DynamicBrCode = {
  /** The PSP's payload location, without https:// (field 26-25). */
  location: string;
  merchantName: string;
  merchantCity: string;
};

export type StaticBrCode = {
  key: string;
  merchantName: string;
  merchantCity: string;
  /** Centavos; omitted = the payer types the amount. */
  amount?: number;
  txid?: string;
  description?: string;
};

function finish(body: string): string {
  const withCrcId = `${body}6304`;
  const out = withCrcId + crc16(withCrcId);
  if (out.length >= 512) throw new Error('BR Code longer than 512 characters');
  return out;
}

/** A single-use (dynamic) BR Code pointing at the charge's location; the amount and txid live in the charge. */
export function dynamicBrCode(o: DynamicBrCode): string {
  const location = o.location.replace(/^https?:\/\//, '');
  const account = tlv('00', 'br.gov.bcb.pix') + tlv('25', location);
  return finish(
    tlv('00', '01') +
      tlv('01', '12') +
      tlv('26', account) +
      tlv('52', '0000') +
      tlv('53', '986') +
      tlv('58', 'BR') +
      tlv('59', plain(o.merchantName, 25)) +
      tlv('60', plain(o.merchantCity, 15)) +
      tlv('62', tlv('05', '***')),
  );
}

export function staticBrCode(o: StaticBrCode): string {
  let account = tlv('00', 'br.gov.bcb.pix') + tlv('01', o.key);
  if (o.description) account += tlv('02', o.description);
  return finish(
    tlv('00', '01') +
      tlv('26', account) +
      tlv('52', '0000') +
      tlv('53', '986') +
      (o.amount ? tlv('54', formatAmount(o.amount)) : '') +
      tlv('58', 'BR') +
      tlv('59', plain(o.merchantName, 25)) +
      tlv('60', plain(o.merchantCity, 15)) +
      tlv('62', tlv('05', o.txid ?? '***')),
  );
}

export type TlvField = { id: string; value: string; children?: TlvField[] };

/** Parses TLV text; nested templates (26-51, 62, 80-99) are parsed one level down. Throws on malformed input. */
export function parseTlv(text: string, nested = true): TlvField[] {
  const out: TlvField[] = [];
  let i = 0;
  while (i < text.length) {
    const id = text.slice(i, i + 2);
    const len = Number(text.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(text.slice(i + 2, i + 4))) throw new Error(`bad TLV at ${i}`);
    const value = text.slice(i + 4, i + 4 + len);
    if (value.length !== len) throw new Error(`truncated TLV field ${id}`);
    const n = Number(id);
    const isTemplate = nested && ((n >= 26 && n <= 51) || n === 62 || n >= 80);
    out.push(isTemplate ? { id, value, children: parseTlv(value, false) } : { id, value });
    i += 4 + len;
  }
  return out;
}

/** True when the text is a well-formed BR Code whose CRC matches. */
export function isValidBrCode(text: string): boolean {
  if (text.length < 20 || text.length >= 512 || !text.startsWith('000201')) return false;
  try {
    const fields = parseTlv(text);
    const last = fields[fields.length - 1];
    if (last?.id !== '63' || last.value.length !== 4) return false;
    return crc16(text.slice(0, -4)) === last.value;
  } catch {
    return false;
  }
}

/** Centavos as the "10.00" text BR Codes and the API Pix use. No floating point involved. */
export function formatAmount(centavos: number): string {
  if (!Number.isSafeInteger(centavos) || centavos < 0) throw new Error('amount must be whole centavos');
  return `${Math.floor(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`;
}

/** "10.00" / "10.5" / "10" -> centavos; null for anything else. */
export function parseAmount(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}
