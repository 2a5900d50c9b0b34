import type { RgLimitsReply } from '@sorte/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import '../locales/register';
import { LimitsSection } from './limits-section';

const render = (data: RgLimitsReply) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <LimitsSection data={data} />
    </QueryClientProvider>,
  )
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

const base: RgLimitsReply = { limits: [], pending: [], required: [], suggested: [] };

describe('the limits on /responsible-gambling', () => {
  it('shows what is used of each limit, what is left and when it frees up, in the tenant time zone', () => {
    const text = render({
      ...base,
      limits: [
        { kind: 'deposit', period: 'day', amount: 10_000, used: 8_000, resets_at: '2026-11-26T15:30:00Z' },
        { kind: 'time', period: 'week', amount: 150, used: 150, resets_at: null },
      ],
    });
    expect(text).toContain('R$ 80,00 de R$ 100,00');
    expect(text).toContain('Restam R$ 20,00');
    expect(text).toContain('Libera a partir de 26/11, 12:30');
    expect(text).toContain('2 h 30 min de 2 h 30 min');
    expect(text).toContain('Limite atingido');
  });

  it('shows a pending increase with the time it may be confirmed, and the confirm button only once it is due', () => {
    const waiting = render({
      ...base,
      limits: [{ kind: 'loss', period: 'month', amount: 50_000, used: 0, resets_at: null }],
      pending: [
        {
          kind: 'loss',
          period: 'month',
          amount: 100_000,
          requested_at: '2026-11-25T15:30:00Z',
          effective_at: '2026-11-26T15:30:00Z',
          confirmable: false,
        },
      ],
    });
    expect(waiting).toContain('Aumento para R$ 1.000,00 pedido. Pode ser confirmado a partir de 26/11, 12:30.');
    expect(waiting).not.toContain('Confirmar');

    const due = render({
      ...base,
      pending: [
        {
          kind: 'wager',
          period: 'day',
          amount: null,
          requested_at: '2026-11-24T15:30:00Z',
          effective_at: '2026-11-25T15:30:00Z',
          confirmable: true,
        },
      ],
    });
    expect(due).toContain('Remoção pronta para confirmar.');
    expect(due).toContain('Confirmar');
  });

  it('says which limits a regulated tenant needs before a deposit', () => {
    expect(render({ ...base, required: ['loss', 'time'] })).toContain(
      'Para depositar, defina antes os limites de perdas e tempo de jogo.',
    );
  });
});
