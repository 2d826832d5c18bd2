import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { forgetLoginInfo } from '@/providers/session';

export type Profile = DataOf<'getUserInfo'>;

/** The signed-in user's profile; `changed` stores a new one and refreshes the top bar's identity. */
export function useProfile() {
  const queryClient = useQueryClient();
  const [profile, setProfile] = useState<Profile>();
  const [failed, setFailed] = useState(false);

  const reload = useCallback(() => call('getUserInfo').then(setProfile, () => setFailed(true)), []);
  useEffect(() => {
    void reload();
  }, [reload]);

  const changed = useCallback((next?: Profile) => {
    forgetLoginInfo();
    void queryClient.invalidateQueries();
    if (next) setProfile(next);
    else void reload();
  }, [queryClient, reload]);

  return { profile, failed, changed };
}
