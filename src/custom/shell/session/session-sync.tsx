// Applies the other tabs' session messages to this one (issue 24 "Across tabs"), and tells them
// about this tab's language switches. Until a logged-out or re-logged tab has loaded anew it shows
// nothing: the portal, and with it Refine's query cache, is unmounted at once, so none of the
// previous user's data stays on screen.
import { useEffect, useState, type ReactNode } from 'react';
import i18n from '@/i18n';
import { i18nProvider } from '@/providers/i18n-provider';
import { pageLoading } from '@/custom/shell/page-loading';
import { afterLoginTarget, LOGIN_PATH } from '@/custom/shell/routes/redirect-target';
import { isPublicPath } from '@/custom/shell/routes/public-paths';
import { broadcastSession, listenSession, type SessionMessage } from './session-channel';

/** What this tab does about another tab's session message. */
export type Reaction =
  | { kind: 'none' }
  | { kind: 'leave'; to: string }
  | { kind: 'reload' }
  | { kind: 'lang'; lang: string };

/**
 * A logout sends a portal page to the login page (a login-area page has nothing to hide); a login
 * sends the login page where it was going, and reloads a portal page as the new user; a language
 * switch is followed unless this tab shows it already.
 */
export function reactionTo(message: SessionMessage, where: { pathname: string; search: string; lang: string }): Reaction {
  const inLoginArea = isPublicPath(where.pathname);
  switch (message.type) {
    case 'logout':
      return inLoginArea ? { kind: 'none' } : { kind: 'leave', to: LOGIN_PATH };
    case 'login':
      if (where.pathname === LOGIN_PATH) return { kind: 'leave', to: afterLoginTarget(where.search) };
      return inLoginArea ? { kind: 'none' } : { kind: 'reload' };
    case 'lang':
      return message.lang === where.lang ? { kind: 'none' } : { kind: 'lang', lang: message.lang };
  }
}

export function SessionSync({ children }: { children: ReactNode }) {
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    /** The language last applied from another tab: switching to it here is not news for the others. */
    let received: string | undefined;
    const onLanguageChanged = (lang: string) => {
      if (lang !== received) broadcastSession({ type: 'lang', lang });
      received = undefined;
    };
    i18n.on('languageChanged', onLanguageChanged);
    const stopListening = listenSession((message) => {
      const reaction = reactionTo(message, { pathname: location.pathname, search: location.search, lang: i18n.language });
      if (reaction.kind === 'lang') {
        received = reaction.lang;
        void i18nProvider.changeLocale(reaction.lang);
      } else if (reaction.kind === 'leave') {
        setLeaving(true);
        location.replace(reaction.to);
      } else if (reaction.kind === 'reload') {
        setLeaving(true);
        location.reload();
      }
    });
    return () => {
      i18n.off('languageChanged', onLanguageChanged);
      stopListening();
    };
  }, []);

  return leaving ? pageLoading : children;
}
