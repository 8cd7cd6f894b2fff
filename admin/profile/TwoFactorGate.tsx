import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PROFILE_PATH } from '../../authProvider/index.js';
import { useAccount } from './useAccount.js';

/**
 * While a MANAGER requires two-factor sign-in and this account has none, every screen but the profile sends the
 * user to the profile to enrol (the server refuses the other admin calls with 403 anyway).
 */
export const TwoFactorGate = ({ children }: { children: ReactNode }) => {
  const account = useAccount();
  const location = useLocation();
  const navigate = useNavigate();
  const mustEnrol = account.data?.two_factor_required === 1 && account.data.two_factor !== 1;
  const onProfile = location.pathname.replace(/\/$/, '') === PROFILE_PATH;
  useEffect(() => {
    if (mustEnrol && !onProfile) void navigate(PROFILE_PATH, { replace: true });
  }, [mustEnrol, onProfile, navigate]);
  return mustEnrol && !onProfile ? null : <>{children}</>;
};
