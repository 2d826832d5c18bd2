import { useLocation, useNavigate } from 'react-router';
import { afterLoginTarget } from '@/custom/shell/routes/redirect-target';

/** Where to go after logging in: back to the page that sent the user here, if it is one of ours. */
export function useAfterLogin(): () => void {
  const navigate = useNavigate();
  const { search } = useLocation();
  return () => navigate(afterLoginTarget(search), { replace: true });
}
