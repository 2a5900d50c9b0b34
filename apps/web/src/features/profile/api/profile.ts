import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';
import { type SessionUser, updateSessionUser } from '../../../shared/lib/session';

export type Settings = {
  hide_name: boolean;
  hide_from_ranking: boolean;
  marketing_email: boolean;
  marketing_sms: boolean;
};
export type ProfileUser = SessionUser & {
  phone: string;
  cpf: string | null;
  email_verified: boolean;
  phone_verified: boolean;
  has_password: boolean;
  hide_metrics: boolean;
  settings: Settings;
  referral_code: string;
  created_at: string;
};

export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: async ({ signal }) => {
    const { user } = await http.get<{ user: ProfileUser }>('/profile', { signal });
    updateSessionUser(user);
    return user;
  },
  staleTime: 30_000,
});

/** GET /profile: the player's own account. */
export const useProfile = () => useQuery(profileQuery);
