import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ROLES } from '../../../shared/access';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { roleName } from '../../lib/labels';

/** SPEC.md §2.3 "Demo Instructions", with each role's duty from SPEC.md §6. */
export function DemoInstructionsCard() {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Info aria-hidden="true" className="h-5 w-5 text-primary" />
          {t('demo.instructions.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p>{t('demo.instructions.intro')}</p>
        <p>{t('demo.instructions.biometric')}</p>
        <h3 className="font-semibold">{t('demo.instructions.rolesHeading')}</h3>
        <dl className="grid gap-2">
          {ROLES.map((role) => (
            <div key={role}>
              <dt className="font-medium">{roleName(t, role)}</dt>
              <dd className="text-muted-foreground">{t(`demo.instructions.duties.${role}`)}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
