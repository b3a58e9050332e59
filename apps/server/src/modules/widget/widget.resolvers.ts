import type { MutationResolvers } from '../../generated/graphql.ts';
import { requireGrant } from '../../graphql/context.ts';

/** The test helpers of the dashboard (wired into ramp.resolvers.ts, whose SDL declares them): test mode only. */
export const createTestTransaction: NonNullable<MutationResolvers['createTestTransaction']> = (_parent, args, context) =>
  context.services.widget.processing.create(requireGrant(context).accountId, false, args.input);

export const moveTestTransaction: NonNullable<MutationResolvers['moveTestTransaction']> = (_parent, args, context) =>
  context.services.widget.processing.moveTo(args.id, args.status, args.failureReason ?? null);
