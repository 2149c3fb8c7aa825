import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import type { FormValues, ResourceDefinition } from '../../../shared/resource/types';
import { cashCategoryDefinition } from '../definitions';

const def = cashCategoryDefinition as unknown as ResourceDefinition<{ id: number }, FormValues>;

/** spec §2 "Cash flow" operations (cash categories): the settings-type list, create and edit over it. */
export function CashCategoriesPage() {
  return <ResourceListPage def={def} />;
}
