// Focus for a field the server refused. While a request is on its way the form's fieldset is disabled, and a
// disabled input cannot take the focus: the field named (its `data-field`) is focused once the form is enabled again.
import { useEffect, useState, type RefObject } from 'react';
import { focusField } from '../../../components/forms/use-schema-form';

export function useFocusWhenReady<T extends string>(pending: boolean, form: RefObject<HTMLFormElement | null>): (name: T) => void {
  const [target, setTarget] = useState<T | null>(null);
  useEffect(() => {
    if (pending || target === null) return;
    focusField(form.current, target);
    setTarget(null);
  }, [pending, target, form]);
  return setTarget;
}
