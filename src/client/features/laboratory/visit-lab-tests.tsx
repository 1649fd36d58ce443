// A visit's laboratory tests in the patient's record (issue 31): each test with its result in words (a positive one
// marked), who resulted it; for whoever may order and result tests at the visit's facility, Order tests, Enter result
// and Cancel test. All of a patient's tests come in one request, shared by the visits through the query cache.
// A visit without tests shows nothing to a reader who may not order any, so a clean record stays clean.
import { useQuery } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LAB_TESTS, type LabTest, type LabTestRecord } from '../../../shared/laboratory';
import { useStaff } from '../../app/use-staff';
import { FieldError } from '../../components/forms/form-field';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { toast } from '../../components/ui/use-toast';
import { formatDate } from '../../lib/locale-format';
import { facilitiesQuery } from '../facilities';
import { LabResultDialog } from './lab-result-dialog';
import { failureText, isPositive, resultText, testName } from './lab-words';
import { patientLabTestsQuery, useCancelLabTest, useOrderLabTests } from './lab.api';

type Props = {
  recordId: number;
  /** The visit's facility: tests are ordered, resulted and cancelled by staff whose lab:write grant reaches it. */
  facilityId: number;
  patientId: number;
  patientName: string;
  visitDate: string;
};

export function VisitLabTests({ recordId, facilityId, patientId, patientName, visitDate }: Props) {
  const { t } = useTranslation();
  const tests = useQuery(patientLabTestsQuery(patientId));
  const mayWrite = useMayWriteLab(facilityId);
  const [ordering, setOrdering] = useState(false);
  const [resulting, setResulting] = useState<LabTestRecord | null>(null);
  const [cancelling, setCancelling] = useState<LabTestRecord | null>(null);

  if (tests.isPending) return null;
  if (tests.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-2">
        <p className="text-destructive">{t('common.loadError', { message: failureText(t, tests.error, t('common.error')) })}</p>
        <Button variant="outline" size="sm" onClick={() => void tests.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  const visitTests = tests.data.filter((x) => x.recordId === recordId);
  if (visitTests.length === 0 && !mayWrite) return null;
  const waiting = visitTests.filter((x) => x.status === 'ordered').map((x) => x.test);
  const headingId = `record-${recordId}-lab`;
  return (
    <section className="grid gap-1.5 border-t pt-2" aria-labelledby={headingId} data-testid="visit-lab-tests">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h5 id={headingId} className="flex items-center gap-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
          <FlaskConical aria-hidden="true" className="h-4 w-4" />
          {t('lab.section')}
        </h5>
        {mayWrite ? (
          <Button variant="outline" size="sm" onClick={() => setOrdering(true)} aria-label={t('lab.orderOf', { date: formatDate(visitDate) })}>
            {t('lab.order')}
          </Button>
        ) : null}
      </div>
      {visitTests.length === 0 ? (
        <p className="text-muted-foreground">{t('lab.none')}</p>
      ) : (
        <ul className="grid gap-1.5">
          {visitTests.map((x) => {
            const name = testName(t, x.test);
            const said = resultText(t, x);
            return (
              <li key={x.id} className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1" data-testid="visit-lab-test">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-x-2">
                    <span className="font-medium">{name}</span>
                    {isPositive(x) ? <Badge variant="destructive">{said}</Badge> : <span className={x.status === 'resulted' ? undefined : 'text-muted-foreground'}>{said}</span>}
                  </p>
                  {x.status === 'resulted' && x.resultedBy && x.resultedAt ? (
                    <p className="text-xs text-muted-foreground">
                      {t('lab.resultedBy', { name: x.resultedBy, date: formatDate(x.resultedAt) })}
                      {x.comment ? ` · ${x.comment}` : ''}
                    </p>
                  ) : x.status === 'ordered' ? (
                    <p className="text-xs text-muted-foreground">{t('lab.orderedBy', { name: x.orderedBy })}</p>
                  ) : null}
                </div>
                {mayWrite && x.status === 'ordered' ? (
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" onClick={() => setResulting(x)} aria-label={t('lab.enterResultOf', { test: name })}>
                      {t('lab.enterResult')}
                    </Button>
                    <Button variant="ghost" size="sm" onClick={() => setCancelling(x)} aria-label={t('lab.cancelOf', { test: name })}>
                      {t('lab.cancel')}
                    </Button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {ordering ? <OrderLabTestsDialog recordId={recordId} waiting={waiting} onClose={() => setOrdering(false)} /> : null}
      {resulting ? <LabResultDialog test={resulting} patientName={patientName} onClose={() => setResulting(null)} /> : null}
      {cancelling ? <CancelLabTestDialog test={cancelling} patientName={patientName} onClose={() => setCancelling(null)} /> : null}
    </section>
  );
}

/** Whether the reader may order, result and cancel tests at a facility, as the server decides (lab:write reaching it). */
function useMayWriteLab(facilityId: number): boolean {
  const staff = useStaff();
  const facilities = useQuery({ ...facilitiesQuery, enabled: staff.may('lab:write') });
  if (!staff.may('lab:write')) return false;
  return staff.reaches('lab:write', facilities.data?.find((f) => f.id === facilityId) ?? { id: facilityId, subcounty: '' });
}

/** A checkbox per test; a test already waiting on the visit cannot be ordered again. What was chosen stays when ordering fails. */
function OrderLabTestsDialog({ recordId, waiting, onClose }: { recordId: number; waiting: LabTest[]; onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useOrderLabTests(recordId);
  const [chosen, setChosen] = useState<LabTest[]>([]);
  const [error, setError] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) return setError(t('lab.chooseOne'));
    setError('');
    mutation.mutate(
      LAB_TESTS.filter((test) => chosen.includes(test)),
      {
        onSuccess: (ordered) => {
          toast({ title: t('lab.ordered'), description: t('lab.orderedBody', { count: ordered.length }) });
          onClose();
        },
        onError: (failure) => {
          const text = failureText(t, failure, t('common.error'));
          setError(text);
          toast({ variant: 'destructive', title: t('lab.orderFailed'), description: text });
        },
      },
    );
  };

  return (
    <FormDialog pending={mutation.isPending} onClose={onClose} title={t('lab.orderTitle')} description={t('lab.orderDescription')} className="max-w-md">
      <form noValidate onSubmit={submit} className="grid gap-4">
        <fieldset disabled={mutation.isPending} className="grid min-w-0 gap-2" aria-describedby={error ? 'lab-order-error' : undefined}>
          <legend className="sr-only">{t('lab.orderTitle')}</legend>
          {LAB_TESTS.map((test) => {
            const busy = waiting.includes(test);
            return (
              <label key={test} className={`flex items-center gap-2 text-sm${busy ? ' text-muted-foreground' : ''}`}>
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-primary"
                  disabled={busy}
                  checked={busy || chosen.includes(test)}
                  onChange={(e) => setChosen((c) => (e.target.checked ? [...c, test] : c.filter((x) => x !== test)))}
                />
                {testName(t, test)}
                {busy ? ` (${t('lab.results.waiting')})` : ''}
              </label>
            );
          })}
          <FieldError id="lab-order" message={error} />
        </fieldset>
        <FormDialogFooter pending={mutation.isPending} onCancel={onClose} action={t('lab.order')} running={t('lab.ordering')} />
      </form>
    </FormDialog>
  );
}

/** Cancelling a waiting test, asked first (DESIGN.md: confirmation before a destructive action). */
function CancelLabTestDialog({ test, patientName, onClose }: { test: LabTestRecord; patientName: string; onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useCancelLabTest(test.id);
  const cancel = () =>
    mutation.mutate(undefined, {
      onSuccess: () => {
        toast({ title: t('lab.cancelled'), description: `${testName(t, test.test)}: ${patientName}` });
        onClose();
      },
      onError: (failure) => toast({ variant: 'destructive', title: t('lab.cancelFailed'), description: failureText(t, failure, t('common.error')) }),
    });
  return (
    <FormDialog
      pending={mutation.isPending}
      onClose={onClose}
      role="alertdialog"
      title={t('lab.cancelTitle')}
      description={t('lab.cancelQuestion', { test: testName(t, test.test), name: patientName })}
    >
      <FormDialogFooter pending={mutation.isPending} onCancel={onClose} cancel={t('lab.keep')} action={t('lab.cancel')} running={t('lab.cancelling')} variant="destructive" onAction={cancel} />
    </FormDialog>
  );
}
