// MOH Reports' refusals with names and figures, worded on the server in English and Kiswahili (core/words.ts): the
// screen's bundle is near its weight budget. (An analysis's own titles and notes are in analyses/words.ts.)
import { serverWords } from '../../core/words.js';

export const { said: reportsSaid } = serverWords('reports', {
  en: {
    notKhisForm: '{report} is not a monthly MOH form: only MOH 705A, 705B and 717 go to KHIS',
    noKhisDataSet: 'MOH {form} has no KHIS dataSet yet: fill it in the KHIS settings of MOH Reports',
    noKhisDataElement: 'No row of MOH {form} has a KHIS dataElement yet: fill them in the KHIS settings of MOH Reports',
  },
  sw: {
    notKhisForm: '{report} si fomu ya MOH ya kila mwezi: ni MOH 705A, 705B na 717 tu zinazotumwa KHIS',
    noKhisDataSet: 'MOH {form} bado haina dataSet ya KHIS: ijaze katika mipangilio ya KHIS ya Ripoti za MOH',
    noKhisDataElement: 'Hakuna safu ya MOH {form} yenye dataElement ya KHIS bado: zijaze katika mipangilio ya KHIS ya Ripoti za MOH',
  },
});
