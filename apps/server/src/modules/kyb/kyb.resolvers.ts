import type { Resolvers } from '../../generated/graphql.ts';
import { requireGrant, type GraphQLContext } from '../../graphql/context.ts';
import type { KybViewer } from './kyb.service.ts';
import { activeAdminRole } from '../../lib/staff-two-factor.ts';

const viewer = (context: GraphQLContext): KybViewer => ({
  userId: context.session?.user.id ?? null,
  isStaff: Boolean(context.session && activeAdminRole(context.session.user)),
});

export const kybResolvers: Resolvers = {
  Query: {
    getApplicantVerificationSteps: (_parent, args, context) => context.services.kyb.verificationSteps(args.organizationId),
    kybApplication: (_parent, _args, context) => context.services.kyb.application(requireGrant(context).accountId, viewer(context)),
    kybByQuestionnaire: (_parent, _args, context) => context.services.kyb.questionnaire(requireGrant(context).accountId),
    reviewStatus: (_parent, _args, context) => context.services.kyb.reviewStatus(requireGrant(context).accountId),
    kybDocumentLink: (_parent, args, context) => context.services.kyb.documentLink(args.id),
    kybApplications: (_parent, args, context) => context.services.kyb.queue(args, viewer(context)),
    kybApplicationForReview: (_parent, args, context) => context.services.kyb.applicationForReview(args.id, viewer(context)),
  },
  Mutation: {
    initiateKyb: (_parent, args, context) => context.services.kyb.initiate(requireGrant(context).accountId, args.product, viewer(context)),
    saveKybCompanyDetails: (_parent, args, context) => context.services.kyb.saveCompanyDetails(requireGrant(context).accountId, args.input, viewer(context)),
    saveKybPeople: (_parent, args, context) => context.services.kyb.savePeople(requireGrant(context).accountId, args.people, viewer(context)),
    uploadKybDocument: (_parent, args, context) =>
      context.services.kyb.uploadDocument(
        requireGrant(context).accountId,
        { type: args.type, personId: args.personId, file: args.file },
        context.session?.user.id ?? null,
      ),
    deleteKybDocument: (_parent, args, context) => context.services.kyb.deleteDocument(args.id),
    saveKybQuestionnaire: (_parent, args, context) => context.services.kyb.saveQuestionnaire(requireGrant(context).accountId, args.answersJson),
    submitKyb: (_parent, _args, context) => context.services.kyb.submit(requireGrant(context).accountId, viewer(context)),
    generateSumSubSdkAccessToken: (_parent, _args, context) => context.services.kyb.sdkAccessToken(requireGrant(context).accountId),
    updateReview: (_parent, args, context) => context.services.kyb.updateReview(args, viewer(context)),
  },
};
