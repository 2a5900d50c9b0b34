import type Echo from 'laravel-echo';
import { create } from 'zustand';
import { getGuestId } from './guest-id';
import { apiBaseUrl } from './http';
import { getAuthToken, useSession } from './session';
import { getSiteConfig } from './site-config';

/**
 * The realtime connection (spec sections 4 and 7): pusher-js + laravel-echo against the server's Pusher-protocol
 * endpoint, with the spec's timeouts (activity 120 s, pong 30 s, unavailable 10 s). Loaded on demand, so the home
 * route's bundle carries none of it. When the session token changes the connection is rebuilt with the new
 * credentials, and 500 ms later the public chat channel is ensured again.
 */
type EchoInstance = Echo<'pusher'>;

export type RealtimeState = {
  state: 'idle' | 'connecting' | 'connected' | 'unavailable' | 'failed' | 'disconnected';
  /** Bumped on every rebuild so components re-subscribe. */
  generation: number;
};

export const useRealtime = create<RealtimeState>(() => ({ state: 'idle', generation: 0 }));

let current: { echo: EchoInstance; token: string | null } | null = null;
let loading: Promise<EchoInstance> | null = null;

export const publicRoom = (): string => getSiteConfig()?.realtime?.room ?? '30';

function authHeaders(token: string | null): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : { 'Guest-ID': getGuestId() };
}

async function build(token: string | null): Promise<EchoInstance> {
  const [{ default: Pusher }, { default: EchoCtor }] = await Promise.all([import('pusher-js'), import('laravel-echo')]);
  const rt = getSiteConfig()?.realtime;
  const tls = rt?.tls ?? location.protocol === 'https:';
  const port = rt?.port ?? (Number(location.port) || (tls ? 443 : 80));
  const headers = authHeaders(token);
  const client = new Pusher(rt?.key ?? 'sorte', {
    cluster: 'eu',
    wsHost: rt?.host ?? location.hostname,
    wsPort: port,
    wssPort: port,
    forceTLS: tls,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    activityTimeout: 120_000,
    pongTimeout: 30_000,
    unavailableTimeout: 10_000,
    channelAuthorization: { endpoint: `${apiBaseUrl()}/broadcasting/auth`, transport: 'ajax', headers },
    userAuthentication: { endpoint: `${apiBaseUrl()}/broadcasting/user-auth`, transport: 'ajax', headers },
  });
  client.connection.bind('state_change', (s: { current: RealtimeState['state'] }) =>
    useRealtime.setState({ state: s.current }),
  );
  return new EchoCtor({ broadcaster: 'pusher', client });
}

/** The shared Echo instance for the current credentials (guest id or bearer token). */
export function getEcho(): Promise<EchoInstance> {
  const token = getAuthToken();
  if (current && current.token === token) return Promise.resolve(current.echo);
  if (!loading) {
    loading = build(token).then((echo) => {
      current?.echo.disconnect();
      current = { echo, token };
      loading = null;
      useRealtime.setState((s) => ({ generation: s.generation + 1 }));
      return echo;
    });
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

let watching = false;

/** Rebuilds the connection when the player logs in or out; then ensures the public channel after 500 ms. */
export function watchSession(): void {
  if (watching) return;
  watching = true;
  let last = getAuthToken();
  useSession.subscribe((s) => {
    if (s.token === last) return;
    last = s.token;
    if (!current) return;
    current.echo.disconnect();
    current = null;
    void getEcho().then((echo) => {
      setTimeout(() => echo.channel(`chat.${publicRoom()}`), 500);
    });
  });
}
