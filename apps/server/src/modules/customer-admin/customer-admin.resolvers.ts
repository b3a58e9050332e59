import { adminPermissionsOf } from '@rampart/shared/permissions';
import type { Resolvers } from '../../generated/graphql.ts';
import { requireSession, type GraphQLContext } from '../../graphql/context.ts';
import { requestLoader } from '../../graphql/request-loader.ts';
import { activeAdminRole } from '../../lib/staff-two-factor.ts';
import type { StaffCustomerRow } from './customer-admin.repository.ts';

const loadUserName = requestLoader<string>((context, ids) => context.services.identity.userNamesByIds(ids));
const loadCustomer = requestLoader<StaffCustomerRow>(async (context, ids) => {
  const rows = await Promise.all(ids.map((id) => context.services.customerAdmin.customer(id)));
  return new Map(rows.map((row) => [row.id, row]));
});

/** Personal data is the server's to mask: staff without customer:viewPii never receive it. */
function seesPii(context: GraphQLContext): boolean {
  const user = context.session?.user;
  return Boolean(user && adminPermissionsOf(activeAdminRole(user)).includes('customer:viewPii'));
}

const MASK = '•••';

function maskEmail(email: string | null): string | null {
  if (!email) return email;
  const at = email.lastIndexOf('@');
  return at > 0 ? `${email.charAt(0)}${MASK}${email.slice(at)}` : MASK;
}

function maskName(name: string | null): string | null {
  return name ? `${name.charAt(0)}${MASK}` : name;
}

const staffName = (context: GraphQLContext, id: string | null) => (id ? loadUserName(context, id).then((name) => name ?? 'a former staff member') : null);

export const customerAdminResolvers: Resolvers = {
  Query: {
    staffCustomers: (_p, args, context) => context.services.customerAdmin.customers(args),
    staffCustomer: (_p, args, context) => context.services.customerAdmin.customer(args.id),
    eddReviews: (_p, args, context) => context.services.customerAdmin.eddQueue(args),
    eddReview: (_p, args, context) => context.services.customerAdmin.eddReview(args.id),
  },
  Mutation: {
    updateStaffCustomer: (_p, args, context) => context.services.customerAdmin.update(args.id, args.input),
    approveIdentityCheck: (_p, args, context) => context.services.customerAdmin.decideIdentityCheck(args.id, 'approve', args.reason),
    rejectIdentityCheck: (_p, args, context) => context.services.customerAdmin.decideIdentityCheck(args.id, 'reject', args.reason),
    resetIdentityCheck: (_p, args, context) => context.services.customerAdmin.decideIdentityCheck(args.id, 'reset', args.reason),
    deleteCustomer: (_p, args, context) => context.services.customerAdmin.erase(args.id, args.reason),
    flagCustomerForEdd: (_p, args, context) => context.services.customerAdmin.flagForEdd(args.customerId, args.reason, requireSession(context).user.id),
    addEddNote: (_p, args, context) => context.services.customerAdmin.addEddNote(args.id, args.note, requireSession(context).user.id),
    approveEddReview: (_p, args, context) => context.services.customerAdmin.decideEdd(args.id, 'Approved', args.reason, requireSession(context).user.id),
    rejectEddReview: (_p, args, context) => context.services.customerAdmin.decideEdd(args.id, 'Rejected', args.reason, requireSession(context).user.id),
  },
  StaffCustomer: {
    email: (row, _args, context) => (seesPii(context) ? row.email : maskEmail(row.email)),
    firstName: (row, _args, context) => (seesPii(context) ? row.firstName : maskName(row.firstName)),
    lastName: (row, _args, context) => (seesPii(context) ? row.lastName : maskName(row.lastName)),
    address: (row, _args, context) => (seesPii(context) ? { country: row.country } : null),
    piiMasked: (_row, _args, context) => !seesPii(context),
    files: (row, _args, context) => (seesPii(context) ? context.services.customerAdmin.files(row.id) : []),
    identityCheck: (row) => ({ level: row.isBlocked ? 'Blocked' : row.kycLevel, result: row.identityCheckResult, status: row.identityCheckStatus }),
    transactionCount: (row, _args, context) => context.services.customerAdmin.transactionCount(row.id),
    eddReviews: (row, _args, context) => context.services.customerAdmin.eddReviewsOf(row.id),
  },
  EddReview: {
    flaggedByName: (row, _args, context) => staffName(context, row.flaggedBy),
    decidedByName: (row, _args, context) => staffName(context, row.decidedBy),
    customer: async (row, _args, context) => (await loadCustomer(context, row.customerId))!,
  },
  EddReviewPage: {
    pendingCount: (page) => page.pendingCount,
  },
  EddNote: {
    byName: (note, _args, context) => staffName(context, note.by),
  },
};
