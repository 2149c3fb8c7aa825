import { lazy, Suspense, type ComponentProps } from 'react';

const StuckAtCustomsModal = lazy(() => import('../workflow/stuck-at-customs-modal').then((m) => ({ default: m.StuckAtCustomsModal })));
const ExportTasksDrawer = lazy(() => import('../documents/export-tasks-drawer').then((m) => ({ default: m.ExportTasksDrawer })));

/**
 * Parts of the declarations list that show only after a click (issue 15: the list's first render
 * loads neither the reason form nor the export tasks' drawer, tabs and table).
 */
export function LazyStuckAtCustomsModal(props: ComponentProps<typeof StuckAtCustomsModal>) {
  return (
    <Suspense fallback={null}>
      <StuckAtCustomsModal {...props} />
    </Suspense>
  );
}

export function LazyExportTasksDrawer(props: ComponentProps<typeof ExportTasksDrawer>) {
  return (
    <Suspense fallback={null}>
      <ExportTasksDrawer {...props} />
    </Suspense>
  );
}
