// The diagnosis list's refusals with figures, worded on the server in English and Kiswahili (core/words.ts): the
// county's terms are edited on the MOH Reports settings, whose bundle is at its weight budget, and a code that does
// not fit the patient is refused on the visit form. A code's title is WHO's English, as the list gives it.
import { serverWords } from '../../core/words.js';

export const { said: diagnosesSaid } = serverWords('diagnoses', {
  en: {
    unknownCode: '{code} is not in the ICD-11 list: choose a diagnosis from the list',
    termFinds: '"{term}" already finds {code}',
    termHidden: '"{term}" already finds {code} in the bundled list, hidden by the county: restore it instead',
    notBundled: '"{term}" → {code} is not in the bundled list: only a bundled term can be hidden',
    alreadyHidden: '"{term}" → {code} is hidden already',
    notForMale: '{code} {title} cannot apply to a male patient',
    notForFemale: '{code} {title} cannot apply to a female patient',
    notForChild: '{code} {title} cannot apply to a girl aged {age}',
    newbornOnly: '{code} {title} is for a newborn baby, not a patient aged {age}',
    youngOnly: '{code} {title} is for a child or adolescent, not a patient aged {age}',
    adultOnly: '{code} {title} is for an adult, not a patient aged {age}',
  },
  sw: {
    unknownCode: '{code} haimo kwenye orodha ya ICD-11: chagua utambuzi kutoka kwenye orodha',
    termFinds: '"{term}" tayari hupata {code}',
    termHidden: '"{term}" tayari hupata {code} kwenye orodha iliyokuja na mfumo, na kaunti imeificha: irejeshe badala yake',
    notBundled: '"{term}" → {code} haimo kwenye orodha iliyokuja na mfumo: ni neno la orodha hiyo tu linaloweza kufichwa',
    alreadyHidden: '"{term}" → {code} tayari imefichwa',
    notForMale: '{code} {title} haiwezi kumhusu mgonjwa wa kiume',
    notForFemale: '{code} {title} haiwezi kumhusu mgonjwa wa kike',
    notForChild: '{code} {title} haiwezi kumhusu msichana wa miaka {age}',
    newbornOnly: '{code} {title} ni ya mtoto mchanga, si ya mgonjwa wa miaka {age}',
    youngOnly: '{code} {title} ni ya mtoto au kijana, si ya mgonjwa wa miaka {age}',
    adultOnly: '{code} {title} ni ya mtu mzima, si ya mgonjwa wa miaka {age}',
  },
});
