import { z } from 'zod';

// Status ids and seeds live in the zod-free `statuses-constants` (issue 15); re-exported here.
export * from './statuses-constants';

/** GET /api/admin/states/getlistbymodelid: one model's statuses as options (declarations add the manual targets). */
export const ZStatusOptionsReply = z.object({
  data: z.array(z.object({
    id: z.number().int(), name: z.string(), name_en: z.string().nullable(), model_id: z.number().int(), sort: z.number(),
    freely: z.union([z.literal(0), z.literal(1)]),
    /** Declarations only: the statuses a clerk may move a parcel to from this one by hand. */
    manual_targets: z.array(z.number().int()).optional(),
  })),
  total: z.number(),
});
