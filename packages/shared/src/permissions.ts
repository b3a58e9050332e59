// The one permission table: the server enforces it (GraphQL @account/@staff directives), the web hides what it refuses.
import type { MembershipRole } from './enums.ts';

/** What a member of an account may do in that account, by role. */
export const ACCOUNT_PERMISSIONS = [
  'account:read',
  'account:update',
  'team:read',
  'team:manage',
  /** Require single sign-on for the organization's members (staff have no equivalent: it is the partner's choice). */
  'sso:manage',
  'audit:read',
  'billing:read',
  'billing:manage',
  'kyb:read',
  'kyb:manage',
  'fees:read',
  'fees:manage',
  'currencies:manage',
  'apiKeys:read',
  'apiKeys:manage',
  'webhooks:read',
  'webhooks:manage',
  'developerSettings:read',
  'developerSettings:manage',
  'integration:manage',
  'themes:read',
  'themes:manage',
  'commerce:read',
  'commerce:manage',
  'passes:read',
  'passes:manage',
  'minting:manage',
  'transactions:read',
  'transactions:export',
  'customers:read',
  'dashboards:read',
  'analytics:read',
] as const;
export type AccountPermission = (typeof ACCOUNT_PERMISSIONS)[number];

const DEVELOPER: AccountPermission[] = [
  'account:read',
  'team:read',
  'apiKeys:read',
  'apiKeys:manage',
  'webhooks:read',
  'webhooks:manage',
  'developerSettings:read',
  'developerSettings:manage',
  'integration:manage',
  'themes:read',
  'themes:manage',
  'passes:read',
  'passes:manage',
  'minting:manage',
  'fees:read',
  'transactions:read',
  'customers:read',
  'dashboards:read',
];

export const ROLE_PERMISSIONS: Record<MembershipRole, readonly AccountPermission[]> = {
  administrator: ACCOUNT_PERMISSIONS,
  developer: DEVELOPER,
  analyst: ['account:read', 'team:read', 'transactions:read', 'transactions:export', 'customers:read', 'dashboards:read', 'analytics:read', 'passes:read'],
  support_specialist: ['account:read', 'team:read', 'transactions:read', 'customers:read', 'passes:read'],
};

export function roleHasPermission(role: MembershipRole, permission: AccountPermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

// Staff of the provider: admin roles mapped to admin permissions (spec §6).
const ADMIN_RESOURCES = {
  account: ['view', 'create', 'edit', 'enable', 'disable', 'close'],
  organization: ['view', 'create', 'edit', 'changePlan'],
  member: ['edit'],
  fee: ['view', 'edit'],
  spread: ['edit'],
  pricingRule: ['view', 'edit'],
  apiKey: ['view', 'roll'],
  webhook: ['view', 'edit'],
  theme: ['view', 'manage'],
  customer: ['view', 'edit', 'block', 'unblock', 'delete', 'viewPii'],
  kyc: ['approve', 'reject', 'reset'],
  kyb: ['view', 'approve'],
  edd: ['view', 'review', 'approve', 'reject'],
  transaction: ['view', 'export'],
  sellTransaction: ['approve', 'cancel', 'freeze', 'refund'],
  swapTransaction: ['approve', 'cancel', 'freeze', 'refund'],
  paymentMethod: ['view', 'configure', 'enable', 'disable'],
  routingRule: ['view', 'edit'],
  currency: ['view', 'edit', 'suspend'],
  wallet: ['view', 'block', 'unblock', 'trust', 'untrust'],
  domainReview: ['approve'],
  blockedCountry: ['view', 'edit'],
  billing: ['view', 'edit'],
  dashboard: ['view'],
  analytics: ['view'],
  auditTrail: ['view', 'export'],
  featureFlag: ['view', 'edit'],
  nftCollection: ['edit', 'mint'],
  staff: ['view', 'manage'],
  /** The provider's service credentials for the ingestion API (docs/ingestion.md). */
  ingestion: ['view', 'manage'],
  /** Partners' support requests in the staff support inbox: read them, and reply or close them. */
  supportRequest: ['view', 'reply'],
  superAdmin: ['access'],
} as const;

type AdminResource = keyof typeof ADMIN_RESOURCES;
export type AdminPermission = {
  [R in AdminResource]: `${R}:${(typeof ADMIN_RESOURCES)[R][number]}`;
}[AdminResource];

export const ADMIN_PERMISSIONS: readonly AdminPermission[] = Object.entries(ADMIN_RESOURCES).flatMap(([resource, actions]) =>
  (actions as readonly string[]).map((action) => `${resource}:${action}` as AdminPermission),
);

const all = (resource: AdminResource) => ADMIN_RESOURCES[resource].map((action) => `${resource}:${action}` as AdminPermission);
/** The resources that have a view permission. */
type ViewableResource = { [R in AdminResource]: 'view' extends (typeof ADMIN_RESOURCES)[R][number] ? R : never }[AdminResource];
const view = (...resources: ViewableResource[]) => resources.map((resource) => `${resource}:view` as AdminPermission);
const READ_ALL = view(
  'account',
  'organization',
  'fee',
  'pricingRule',
  'apiKey',
  'webhook',
  'theme',
  'customer',
  'transaction',
  'paymentMethod',
  'routingRule',
  'currency',
  'wallet',
  'dashboard',
);

export const ADMIN_ROLES = [
  'SuperAdmin',
  'Admin',
  'ComplianceManager',
  'ComplianceAnalyst',
  'ComplianceOfficer',
  'KycAnalyst',
  'KybAnalyst',
  'EddAnalyst',
  'FinanceManager',
  'FinanceAnalyst',
  'Treasury',
  'FraudManager',
  'FraudAnalyst',
  'RiskManager',
  'Engineer',
  'EngineeringManager',
  'SupportAgentTier1',
  'SupportAgentTier2',
  'SupportAgentTier3',
  'SupportManager',
  'AccountManager',
  'PartnerOnboarding',
  'SalesManager',
  'ProductManager',
  'PaymentsOperations',
  'Auditor',
  'DataAnalyst',
  'ReadOnly',
] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ADMIN_ROLE_PERMISSIONS: Record<AdminRole, readonly AdminPermission[]> = {
  SuperAdmin: ADMIN_PERMISSIONS,
  Admin: ADMIN_PERMISSIONS.filter((permission) => permission !== 'superAdmin:access' && !permission.startsWith('staff:')),
  ComplianceManager: [
    ...READ_ALL,
    ...all('kyc'),
    ...all('kyb'),
    ...all('edd'),
    ...all('domainReview'),
    ...all('blockedCountry'),
    'customer:block',
    'customer:unblock',
    'customer:viewPii',
    'wallet:block',
    'wallet:unblock',
    'sellTransaction:freeze',
    'swapTransaction:freeze',
    'auditTrail:view',
    'account:disable',
  ],
  ComplianceAnalyst: [...READ_ALL, 'kyc:approve', 'kyc:reject', 'kyb:view', 'edd:view', 'edd:review', 'customer:viewPii'],
  ComplianceOfficer: [...READ_ALL, ...all('kyc'), ...all('kyb'), ...all('edd'), 'auditTrail:view', 'auditTrail:export', 'customer:viewPii'],
  KycAnalyst: [...READ_ALL, 'kyc:approve', 'kyc:reject', 'customer:viewPii'],
  KybAnalyst: [...READ_ALL, ...all('kyb'), ...all('domainReview')],
  EddAnalyst: [...READ_ALL, ...all('edd'), 'customer:viewPii'],
  FinanceManager: [
    ...READ_ALL,
    ...all('fee'),
    ...all('spread'),
    ...all('pricingRule'),
    ...all('billing'),
    'sellTransaction:refund',
    'swapTransaction:refund',
    'transaction:export',
    'organization:changePlan',
  ],
  FinanceAnalyst: [...READ_ALL, 'fee:view', 'billing:view', 'transaction:export'],
  Treasury: [...READ_ALL, 'wallet:trust', 'wallet:untrust'],
  FraudManager: [
    ...READ_ALL,
    'sellTransaction:approve',
    'sellTransaction:cancel',
    'sellTransaction:freeze',
    'sellTransaction:refund',
    'swapTransaction:approve',
    'swapTransaction:cancel',
    'swapTransaction:freeze',
    'swapTransaction:refund',
    'customer:block',
    'customer:unblock',
    'customer:edit',
    'wallet:block',
    'wallet:unblock',
    ...all('routingRule'),
    'auditTrail:view',
  ],
  FraudAnalyst: [...READ_ALL, 'sellTransaction:freeze', 'swapTransaction:freeze', 'customer:block', 'customer:unblock', 'wallet:block'],
  RiskManager: [
    ...READ_ALL,
    ...all('routingRule'),
    ...all('blockedCountry'),
    'wallet:block',
    'wallet:unblock',
    'customer:block',
    'customer:unblock',
    'auditTrail:view',
  ],
  Engineer: [...READ_ALL, 'apiKey:roll', 'webhook:edit', 'theme:manage', ...all('featureFlag'), 'paymentMethod:configure', 'ingestion:view'],
  EngineeringManager: [
    ...READ_ALL,
    ...all('apiKey'),
    ...all('webhook'),
    ...all('theme'),
    ...all('featureFlag'),
    ...all('paymentMethod'),
    ...all('ingestion'),
    'auditTrail:view',
  ],
  SupportAgentTier1: [...view('account', 'organization', 'customer', 'transaction'), ...all('supportRequest')],
  SupportAgentTier2: [...view('account', 'organization', 'customer', 'transaction', 'webhook', 'apiKey'), 'customer:edit', ...all('supportRequest')],
  SupportAgentTier3: [
    ...READ_ALL,
    'customer:edit',
    'customer:viewPii',
    'sellTransaction:cancel',
    'swapTransaction:cancel',
    'member:edit',
    ...all('supportRequest'),
  ],
  SupportManager: [
    ...READ_ALL,
    ...all('supportRequest'),
    'customer:edit',
    'customer:viewPii',
    'customer:block',
    'customer:unblock',
    'sellTransaction:cancel',
    'swapTransaction:cancel',
    ...all('member'),
    'auditTrail:view',
  ],
  AccountManager: [
    ...READ_ALL,
    'account:edit',
    'account:create',
    'organization:edit',
    'organization:create',
    ...all('member'),
    'theme:manage',
    'fee:edit',
    'nftCollection:edit',
  ],
  PartnerOnboarding: [...READ_ALL, 'account:create', 'account:edit', 'account:enable', 'organization:create', 'organization:edit', 'kyb:view'],
  SalesManager: [...view('account', 'organization', 'fee', 'pricingRule', 'dashboard'), 'analytics:view', 'organization:changePlan'],
  ProductManager: [...view('account', 'organization', 'dashboard', 'currency', 'paymentMethod'), 'analytics:view', 'featureFlag:view'],
  PaymentsOperations: [
    ...READ_ALL,
    ...all('paymentMethod'),
    ...all('routingRule'),
    ...all('currency'),
    'sellTransaction:approve',
    'sellTransaction:cancel',
    'swapTransaction:approve',
    'swapTransaction:cancel',
  ],
  Auditor: [...READ_ALL, 'auditTrail:view', 'auditTrail:export', 'kyb:view', 'edd:view', 'billing:view', 'analytics:view'],
  DataAnalyst: [...view('account', 'organization', 'transaction', 'customer', 'dashboard'), 'analytics:view', 'transaction:export'],
  ReadOnly: READ_ALL,
};

export function adminPermissionsOf(role: string | null | undefined): readonly AdminPermission[] {
  if (!role || !(ADMIN_ROLES as readonly string[]).includes(role)) return [];
  return [...new Set(ADMIN_ROLE_PERMISSIONS[role as AdminRole])];
}

/**
 * Which admin permission lets staff do an account permission in any partner's account (a list: any one of them).
 * A partner permission without an entry here is never granted to staff.
 */
export const STAFF_EQUIVALENT: Partial<Record<AccountPermission, AdminPermission | readonly AdminPermission[]>> = {
  'account:read': 'account:view',
  'account:update': 'account:edit',
  'team:read': 'account:view',
  'team:manage': 'member:edit',
  'audit:read': 'auditTrail:view',
  // Changing the plan: finance (billing:edit) or whoever may change an organization's plan (sales), who also sees it.
  'billing:read': ['billing:view', 'organization:changePlan'],
  'billing:manage': ['billing:edit', 'organization:changePlan'],
  'kyb:read': 'kyb:view',
  'kyb:manage': 'kyb:approve',
  'fees:read': 'fee:view',
  'fees:manage': 'fee:edit',
  'currencies:manage': 'currency:edit',
  'apiKeys:read': 'apiKey:view',
  'apiKeys:manage': 'apiKey:roll',
  'webhooks:read': 'webhook:view',
  'webhooks:manage': 'webhook:edit',
  'developerSettings:read': 'account:view',
  'developerSettings:manage': 'account:edit',
  'integration:manage': 'account:edit',
  'themes:read': 'theme:view',
  'commerce:read': 'account:view',
  'commerce:manage': 'account:edit',
  'passes:read': 'account:view',
  'passes:manage': 'account:edit',
  'minting:manage': 'nftCollection:mint',
  'themes:manage': 'theme:manage',
  'transactions:read': 'transaction:view',
  'transactions:export': 'transaction:export',
  'customers:read': 'customer:view',
  'dashboards:read': 'dashboard:view',
  'analytics:read': 'analytics:view',
};

export function staffHasAccountPermission(adminRole: string | null | undefined, permission: AccountPermission): boolean {
  const equivalent = STAFF_EQUIVALENT[permission];
  if (equivalent === undefined) return false;
  const granted = adminPermissionsOf(adminRole);
  return (typeof equivalent === 'string' ? [equivalent] : equivalent).some((needed) => granted.includes(needed));
}
