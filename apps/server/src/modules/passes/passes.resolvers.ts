import type { Resolvers } from '../../generated/graphql.ts';
import { requireGrant, type GraphQLContext } from '../../graphql/context.ts';

const userIdOf = (context: GraphQLContext) => context.session?.user.id ?? null;

export const passesResolvers: Resolvers = {
  Query: {
    passProjects: (_parent, _args, context) => context.services.passes.projects(requireGrant(context).accountId),
    passProject: (_parent, args, context) => context.services.passes.project(args.id),
    passProjectOverview: (_parent, args, context) => context.services.passes.overview(args.id, args.from, args.to),
    passes: (_parent, args, context) =>
      context.services.passes.list(args.projectId, {
        search: args.search ?? null,
        status: args.status ?? null,
        first: args.first ?? 25,
        after: args.after ?? null,
      }),
    pass: (_parent, args, context) => context.services.passes.pass(args.id),
  },
  Mutation: {
    createPassProject: (_parent, args, context) => context.services.passes.createProject(requireGrant(context).accountId, args.input, userIdOf(context)),
    updatePassProject: (_parent, args, context) => context.services.passes.updateProject(args.id, args.input),
    deletePassProject: (_parent, args, context) => context.services.passes.deleteProject(args.id),
    createPassPolicy: (_parent, args, context) => context.services.passes.createPolicy(args.projectId, args.input),
    updatePassPolicy: (_parent, args, context) => context.services.passes.updatePolicy(args.id, args.input),
    deletePassPolicy: (_parent, args, context) => context.services.passes.deletePolicy(args.id),
    createPassTemplate: (_parent, args, context) => context.services.passes.createTemplate(args.projectId, args.input),
    updatePassTemplate: (_parent, args, context) => context.services.passes.updateTemplate(args.id, args.input),
    setPassTemplateImage: (_parent, args, context) => context.services.passes.setTemplateImage(args.id, args.slot, args.file ?? null),
    deletePassTemplate: (_parent, args, context) => context.services.passes.deleteTemplate(args.id),
    createPassProjectApiKey: (_parent, args, context) => context.services.passes.createApiKey(args.projectId, args.name, userIdOf(context)),
    revokePassProjectApiKey: (_parent, args, context) => context.services.passes.revokeApiKey(args.id),
    createPassProjectWebhook: (_parent, args, context) =>
      context.services.passes.createWebhook(args.projectId, { url: args.url, events: args.events, description: args.description ?? null }, userIdOf(context)),
    updatePassProjectAppleCredentials: (_parent, args, context) =>
      context.services.passes.updateAppleCredentials(
        args.id,
        {
          passTypeIdentifier: args.passTypeIdentifier,
          teamIdentifier: args.teamIdentifier,
          certificate: args.certificate,
          certificatePassword: args.certificatePassword ?? null,
        },
        userIdOf(context),
      ),
    updatePassProjectGoogleCredentials: (_parent, args, context) =>
      context.services.passes.updateGoogleCredentials(args.id, { issuerId: args.issuerId, serviceAccountKey: args.serviceAccountKey }, userIdOf(context)),
    resetPassProjectCredentials: (_parent, args, context) => context.services.passes.resetCredentials(args.id, args.wallet, userIdOf(context)),
    invalidatePass: (_parent, args, context) => context.services.passes.invalidate(args.id),
    issueTestPass: (_parent, args, context) => context.services.passes.issueTestPass(args.projectId, args.input, context.log),
  },
  PassProject: {
    isTestMode: (project, _args, context) => context.services.passes.projectIsTestMode(project.id),
    passCount: async (project, _args, context) => (await context.services.passes.projectPassCounts(project.id)).total,
    activePassCount: async (project, _args, context) => (await context.services.passes.projectPassCounts(project.id)).active,
    policies: (project, _args, context) => context.services.passes.projectPolicies(project.id),
    templates: (project, _args, context) => context.services.passes.projectTemplates(project.id),
    apiKeys: (project, _args, context) => context.services.passes.projectApiKeys(project.id),
    webhooks: (project, _args, context) => context.services.passes.projectWebhooks(project.id),
    credentials: (project, _args, context) => context.services.passes.projectCredentials(project.id),
    apiBaseUrl: (_project, _args, context) => context.services.passes.apiBaseUrl(),
    defaultTemplate: (project, args, context) => context.services.passes.defaultTemplate(project, args.kind ?? null),
  },
  PassPolicy: {
    passCount: (policy, _args, context) => context.services.passes.policyPassCount(policy.id),
  },
  PassTemplate: {
    logoImageUrl: (template, _args, context) => context.services.passes.templateImageUrl(template, 'logo'),
    iconImageUrl: (template, _args, context) => context.services.passes.templateImageUrl(template, 'icon'),
    stripImageUrl: (template, _args, context) => context.services.passes.templateImageUrl(template, 'strip'),
    passCount: (template, _args, context) => context.services.passes.templatePassCount(template.id),
  },
  Pass: {
    template: (pass, _args, context) => context.services.passes.passTemplate(pass),
    policies: (pass, _args, context) => context.services.passes.passPolicies(pass),
    fields: (pass, _args, context) => context.services.passes.passFields(pass),
    addedToAppleWallet: (pass, _args, context) => context.services.passes.passAddedToAppleWallet(pass),
    scanCount: async (pass, _args, context) => (await context.services.passes.passScanStats(pass)).scanCount,
    lastScannedAt: async (pass, _args, context) => (await context.services.passes.passScanStats(pass)).lastScannedAt,
    events: (pass, _args, context) => context.services.passes.passEvents(pass),
    appleWalletUrl: (pass, _args, context) => context.services.passes.appleWalletUrl(pass),
    googleWalletUrl: (pass, _args, context) => context.services.passes.googleWalletUrl(pass),
  },
};
