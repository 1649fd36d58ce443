// Accounts' refusals that name a cadre, worded on the server in English and Kiswahili (core/words.ts): the role is a
// fact written in the reader's language ({role:role}), as the shell names cadres.
import { serverWords } from '../../core/words.js';

export const { said: authSaid } = serverWords('auth', {
  en: {
    lastActiveDeactivated: 'This is the last active {role:role}: appoint another before this account is deactivated, or no one could restore it.',
    lastActiveRoleChanged: 'This is the last active {role:role}: appoint another before this account is given another role, or no one could restore it.',
  },
  sw: {
    lastActiveDeactivated: 'Huyu ndiye {role:role} wa mwisho aliye hai: teua mwingine kabla akaunti hii haijazimwa, la sivyo hakuna atakayeweza kuirejesha.',
    lastActiveRoleChanged: 'Huyu ndiye {role:role} wa mwisho aliye hai: teua mwingine kabla akaunti hii haijapewa jukumu jingine, la sivyo hakuna atakayeweza kuirejesha.',
  },
});
