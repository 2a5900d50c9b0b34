import type { RunningServer } from './server';

/** A valid, random CPF (both check digits right, not all digits equal). */
export function randomCpf(): string {
  const d = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  if (d.every((x) => x === d[0])) d[0] = (d[0]! + 1) % 10;
  for (const len of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += d[i]! * (len + 1 - i);
    const r = (sum * 10) % 11;
    d.push(r === 10 ? 0 : r);
  }
  return d.join('');
}

export type ApiResult = { status: number; body: Record<string, unknown> };

/** A JSON call to the server's API, signed with the player's token when one is given. */
export async function api(
  server: RunningServer,
  method: string,
  path: string,
  body?: unknown,
  token?: string | null,
): Promise<ApiResult> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> };
}

export type Player = { token: string; user: Record<string, unknown>; phone: string; email: string };

/**
 * A new player registered the way the site does it (SMS code read from the dev outbox), optionally funded by a PIX
 * deposit paid through the sandbox PSP (`fund` in centavos). Throws with the server's answer when a step fails.
 */
export async function registerPlayer(
  server: RunningServer,
  o: { name?: string; emailPrefix?: string; fund?: number } = {},
): Promise<Player> {
  const local = String(Math.floor(10_000_000 + Math.random() * 89_999_999));
  const phone = `119${local}`;
  const email = `${o.emailPrefix ?? 'p'}${local}@exemplo.com`;
  const sent = await api(server, 'POST', '/auth/verify-code', { phone });
  if (sent.status !== 200) throw new Error(`verify-code: ${sent.status} ${JSON.stringify(sent.body)}`);
  const outbox = (await (
    await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(`+55${phone}`)}`)
  ).json()) as { code: string }[];
  const reg = await api(server, 'POST', '/auth/register', {
    name: o.name ?? 'Maria da Silva',
    username: phone,
    email,
    password: 'senha-forte-1',
    password_confirmation: 'senha-forte-1',
    birth_date: '1990-05-17',
    cpf: randomCpf(),
    code: outbox[0]!.code,
    terms: true,
    age_confirmed: true,
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  const token = reg.body.token as string;
  if (o.fund) {
    const charge = await api(server, 'POST', '/main-gateway/qrcode-pix', { amount: o.fund }, token);
    if (charge.status !== 200) throw new Error(`qrcode-pix: ${charge.status} ${JSON.stringify(charge.body)}`);
    const paid = await api(server, 'POST', `/dev/pix/${charge.body.txid}/pay`, {}, token);
    if (paid.status !== 200) throw new Error(`dev pay: ${paid.status} ${JSON.stringify(paid.body)}`);
  }
  return { token, user: reg.body.user as Record<string, unknown>, phone, email };
}
