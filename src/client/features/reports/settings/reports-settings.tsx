// The settings of /reports (issue 13): how the MOH forms are counted and sent. Four sections: the MOH 705A/705B
// rows and the ICD-11 codes that feed them, the HMIS decisions the county takes, the KHIS (DHIS2) identifiers of
// each form, and the terms clinicians find diagnoses by (issue 31). Everyone who reads reports reads them (they
// explain every figure); the HMIS roles change them (moh:configure), and the others are told why they cannot.
import './reports-settings.strings';
import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useStaff } from '../../../app/use-staff';
import { DiagnosisTermsSection } from './diagnosis-terms-section';
import { FormMappingSection } from './form-mapping-section';
import { HmisDecisionsSection } from './hmis-decisions-section';
import { KhisIdentifiersSection } from './khis-identifiers-section';
import { SectionTabs } from '../../../components/ui/section-tabs';
import { HMIS_ROLES } from './settings-labels';

export type ReportsSettingsSection = 'mapping' | 'decisions' | 'khis' | 'terms';

type Props = {
  /** The section shown first (the mapping unless said). */
  initialSection?: ReportsSettingsSection;
};

export function ReportsSettings({ initialSection = 'mapping' }: Props) {
  const { t } = useTranslation();
  const staff = useStaff();
  const canConfigure = staff.may('moh:configure');
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4" data-testid="reports-settings">
      <p className="text-sm text-muted-foreground">{t('reportsSettings.intro')}</p>
      {canConfigure ? null : <ReadOnlyNote role={staff.role} />}
      <SectionTabs<ReportsSettingsSection>
        label={t('reportsSettings.sectionsLabel')}
        initial={initialSection}
        sections={[
          { id: 'mapping', label: t('reportsSettings.sections.mapping'), content: () => <FormMappingSection canConfigure={canConfigure} /> },
          { id: 'decisions', label: t('reportsSettings.sections.decisions'), content: () => <HmisDecisionsSection canConfigure={canConfigure} /> },
          { id: 'khis', label: t('reportsSettings.sections.khis'), content: () => <KhisIdentifiersSection canConfigure={canConfigure} /> },
          { id: 'terms', label: t('reportsSettings.sections.terms'), content: () => <DiagnosisTermsSection canConfigure={canConfigure} /> },
        ]}
      />
    </div>
  );
}

/** Why the settings are read-only for this user, and who can change them (access/permissions.ts). */
function ReadOnlyNote({ role }: { role: string }) {
  const { t } = useTranslation();
  const roles = HMIS_ROLES.map((r) => t(`roles.${r}`)).join(', ');
  return (
    <div role="note" data-testid="settings-read-only" className="flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <Lock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <p>{role ? t('reportsSettings.readOnly', { role: t(`roles.${role}`, { defaultValue: role }), roles }) : t('reportsSettings.readOnlySignedOut', { roles })}</p>
    </div>
  );
}
