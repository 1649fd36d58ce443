// Access control's refusals that name a cadre, worded on the server in English and Kiswahili (core/words.ts), the
// role written in the reader's language ({role:role}).
import { serverWords } from '../../core/words.js';

export const { said: accessSaid } = serverWords('access', {
  en: {
    mayNotGive: 'Your role may not give the {role:role} role',
    mayNotManage: 'Forbidden: your role may not manage {role:role} accounts',
    mayNotEndSessions: 'Forbidden: your role may not end the sessions of {role:role} accounts',
    mayNotRevokePasskeys: 'Forbidden: your role may not revoke the passkeys of {role:role} accounts',
  },
  sw: {
    mayNotGive: 'Jukumu lako haliruhusiwi kutoa jukumu la {role:role}',
    mayNotManage: 'Hairuhusiwi: jukumu lako haliruhusiwi kusimamia akaunti za {role:role}',
    mayNotEndSessions: 'Hairuhusiwi: jukumu lako haliruhusiwi kumaliza vipindi vya akaunti za {role:role}',
    mayNotRevokePasskeys: 'Hairuhusiwi: jukumu lako haliruhusiwi kufuta funguo za siri (passkeys) za akaunti za {role:role}',
  },
});
