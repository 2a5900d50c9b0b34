import type { rotateSeedsCall } from '@sorte/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';
import type { Rotation, Seeds } from './types';

/** GET /originals/seeds: the hash of the secret server seed, the client seed and the next nonce. */
export const getSeeds = () => http.get<Seeds>('/originals/seeds');
export const seedsQuery = () => queryOptions({ queryKey: ['originals', 'seeds'], queryFn: getSeeds });
export const useSeeds = (enabled: boolean) => useQuery({ ...seedsQuery(), enabled });

/** POST /originals/seeds/rotate {client_seed?}: reveals the previous server seed and starts a new pair. */
export const rotateSeeds = (clientSeed?: string) =>
  http.post<Rotation>(
    '/originals/seeds/rotate',
    (clientSeed ? { client_seed: clientSeed } : {}) satisfies z.input<typeof rotateSeedsCall.body>,
  );

export function useRotateSeeds() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: rotateSeeds,
    onSuccess: (r) => {
      qc.setQueryData(seedsQuery().queryKey, r.current);
      void qc.invalidateQueries({ queryKey: ['originals', 'bets'] });
    },
  });
}
