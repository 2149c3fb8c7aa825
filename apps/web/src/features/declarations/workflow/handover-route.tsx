import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { HandoverModal } from './handover-modal';

const LIST = '/@next/declarations';
const QUEUES = '/@next/warehouse/handover/queues';

/** '1/2/3' → [1, 2, 3]; anything that is not a positive id is dropped. */
function readIds(text: string): number[] {
  return text.split('/').map(Number).filter((id) => Number.isInteger(id) && id > 0);
}

/**
 * spec §2: declarations/{ids}/handover, several ids joined by '/'. Its own chunk (issue 16): the
 * handover modal no longer loads the declaration form, its zod schemas and uploads with it.
 */
export function HandoverRoute({ ids }: { ids: string }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [params] = useSearchParams();
  const taskId = Number(params.get('handover_task'));
  const isFromQueue = Number.isInteger(taskId) && taskId > 0;
  // Back to the table as it was (its URL state), or, opened from a queue entry ('Təhvil verdim'), to the queue.
  const close = useCallback(() => {
    if (isFromQueue) return void navigate(QUEUES);
    const rest = new URLSearchParams(search);
    rest.delete('combined_id');
    const text = rest.toString();
    void navigate({ pathname: LIST, search: text ? `?${text}` : '' }, { replace: true });
  }, [isFromQueue, navigate, search]);
  return <HandoverModal declarationIds={readIds(ids)} handoverTaskId={isFromQueue ? taskId : null} onClose={close} />;
}
