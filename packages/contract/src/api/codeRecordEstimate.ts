import { z } from 'zod';

/**
 * What a generation job will take before it is queued (POST api/codeRecord/estimate, same body as add):
 * the time at a rate measured on this installation (its recent large jobs) or, before there are any, the
 * reference rate of the bench; and the size of the code files it can be downloaded as. The form asks for
 * confirmation with these figures from CONFIRM_CODE_QUANTITY codes on.
 */
export const CONFIRM_CODE_QUANTITY = 1_000_000;

export const CODE_RATE_SOURCES = ['MEASURED', 'REFERENCE'] as const;
export type CodeRateSource = (typeof CODE_RATE_SOURCES)[number];

export const codeRecordEstimateSchema = z.object({
  quantity: z.number(),
  /** Characters of one code of the rule (prefix, body, check character). */
  codeLength: z.number(),
  codesPerSecond: z.number(),
  rateSource: z.enum(CODE_RATE_SOURCES),
  /** Seconds the job should run once started (jobs ahead of it in the queue come first). */
  seconds: z.number(),
  /** Bytes of the code files every job can be downloaded as (code, scan URL, hidden code when the rule has one). */
  files: z.array(z.object({ format: z.enum(['csv', 'txt']), bytes: z.number() })),
});
export type CodeRecordEstimate = z.infer<typeof codeRecordEstimateSchema>;
