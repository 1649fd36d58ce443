// Focus for a field the server refused. While a request is on its way the form's fieldset is disabled, and a
// disabled input cannot take the focus: the field named is focused once the form is enabled again.
import { useEffect, useState } from 'react';
import type { FieldPath, FieldValues, UseFormSetFocus } from 'react-hook-form';

export function useFocusWhenReady<T extends FieldValues>(pending: boolean, setFocus: UseFormSetFocus<T>): (name: FieldPath<T>) => void {
  const [target, setTarget] = useState<FieldPath<T> | null>(null);
  useEffect(() => {
    if (pending || target === null) return;
    setFocus(target);
    setTarget(null);
  }, [pending, target, setFocus]);
  return setTarget;
}
