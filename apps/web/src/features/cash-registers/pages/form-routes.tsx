import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { ResourceForm } from '../../../shared/resource/resource-form';
import type { FormMode, FormValues, ResourceDefinition } from '../../../shared/resource/types';
import { cashboxKeys } from '../../money/api';
import { cashCategoryDefinition, cashRegisterDefinition } from '../definitions';

type AnyDef = ResourceDefinition<{ id: number }, FormValues>;

/** A create/update dialog over its list; closing or saving goes back to the list (its URL state kept by the list route). */
function FormRoute({ def, mode, onSaved }: { def: AnyDef; mode: FormMode; onSaved?: () => void }) {
  const { id } = useParams();
  const navigate = useNavigate();
  const key = mode === 'update' ? { [def.api.key]: Number(id) } : null;
  const back = () => void navigate(`/@next/${def.path}`, { replace: true });
  return (
    <ResourceForm
      key={JSON.stringify(key)}
      def={def}
      mode={mode}
      keyParams={key}
      onClose={back}
      onSaved={() => {
        onSaved?.();
        back();
      }}
    />
  );
}

/** The register form (768 px): name, initial amount (locked on edit), currency. */
export function CashRegisterFormRoute({ mode }: { mode: FormMode }) {
  const client = useQueryClient();
  // the top bar shows the signed-in user's register by name
  return <FormRoute def={cashRegisterDefinition as unknown as AnyDef} mode={mode} onSaved={() => void client.invalidateQueries({ queryKey: cashboxKeys.balance })} />;
}

/** The category form: name and parent (top-level categories only, never itself). */
export function CashCategoryFormRoute({ mode }: { mode: FormMode }) {
  return <FormRoute def={cashCategoryDefinition as unknown as AnyDef} mode={mode} />;
}
