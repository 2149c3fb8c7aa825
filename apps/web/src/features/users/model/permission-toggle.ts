import type { OperationRow } from '@app/contract/users';

/** spec §5: this operation stands for "may change permissions", and toggling it toggles every operation. */
export const CHANGE_PERMISSIONS_CODE = 'changeuserpermissions';

export interface ToggleContext {
  operations: readonly OperationRow[];
  /** The viewer edits their own permissions: they cannot switch the permission change off (spec §2). */
  isSelf: boolean;
}

function findChangePermissionsId(operations: readonly OperationRow[]): number | undefined {
  return operations.find((operation) => operation.code_name === CHANGE_PERMISSIONS_CODE)?.id;
}

/**
 * Whether a switch is held on. Holding 'changeuserpermissions' means holding every operation
 * (spec §5), and the viewer cannot give it up on themself (spec §2): their switches all stay on.
 */
export function isLockedOn(selected: readonly number[], context: ToggleContext): boolean {
  const changeId = findChangePermissionsId(context.operations);
  return context.isSelf && changeId !== undefined && selected.includes(changeId);
}

/**
 * The new selection after one switch. 'changeuserpermissions' on → every operation; off → none.
 * Any other switch changes only itself, but switching one off also switches
 * 'changeuserpermissions' off, since "every operation" no longer holds.
 */
export function toggleOperation(selected: readonly number[], operationId: number, isOn: boolean, context: ToggleContext): number[] {
  const operation = context.operations.find((item) => item.id === operationId);
  if (!operation) return [...selected];
  if (!isOn && isLockedOn(selected, context)) return [...selected];
  if (operation.code_name === CHANGE_PERMISSIONS_CODE) {
    return isOn ? context.operations.map((item) => item.id) : [];
  }
  if (isOn) return selected.includes(operationId) ? [...selected] : [...selected, operationId];
  const changeId = findChangePermissionsId(context.operations);
  return selected.filter((id) => id !== operationId && id !== changeId);
}

/** A model group's switch: on → its operations (every operation if it holds the permission change); off → none of them. */
export function toggleGroup(selected: readonly number[], groupIds: readonly number[], isOn: boolean, context: ToggleContext): number[] {
  if (!isOn && isLockedOn(selected, context)) return [...selected];
  if (isOn) return groupIds.reduce((next, id) => toggleOperation(next, id, true, context), [...selected]);
  const changeId = findChangePermissionsId(context.operations);
  return selected.filter((id) => !groupIds.includes(id) && id !== changeId);
}

export interface OperationGroup {
  modelId: number;
  modelName: string;
  operations: OperationRow[];
}

/** Operations grouped by model, in the server's order (spec §2: "toggle operations grouped by model"). */
export function groupOperations(operations: readonly OperationRow[]): OperationGroup[] {
  const groups = new Map<number, OperationGroup>();
  for (const operation of operations) {
    const group = groups.get(operation.model_id) ?? {
      modelId: operation.model_id,
      modelName: operation.model_name ?? String(operation.model_id),
      operations: [],
    };
    group.operations.push(operation);
    groups.set(operation.model_id, group);
  }
  return [...groups.values()];
}
