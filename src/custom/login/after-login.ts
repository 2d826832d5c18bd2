import { useNavigate, useSearchParams } from 'react-router';

/** Where to go after logging in: back to the page that sent the user here, if it is one of ours. */
export function useAfterLogin(): () => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return () => {
    const to = params.get('to');
    navigate(to?.startsWith('/') && !to.startsWith('//') ? to : '/', { replace: true });
  };
}
