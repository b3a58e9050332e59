// The audit trail in words: each event as a sentence from its operation, arguments and the subject the mutation
// returned ("Rolled the secret test key", "Invited ana@example.com as Developer"). Every Mutation of the SDL has an
// entry (audit-sentences.test.ts checks); anything else still reads as words (the operation name split up).

import { ADMIN_ROLE_LABEL } from '@rampart/shared/labels';

/** The arguments of an event as stored (secrets redacted), with `_subject`: a few facts of what the mutation returned. */
export type Changes = Record<string, unknown> & { _subject?: Record<string, unknown> };

type Sentence = (changes: Changes) => string;

const ROLE: Record<string, string> = { administrator: 'Administrator', analyst: 'Analyst', developer: 'Developer', support_specialist: 'Support specialist' };
const PRODUCT: Record<string, string> = {
  OnRamp: 'On-ramp',
  OffRamp: 'Off-ramp',
  Swaps: 'Swaps',
  NftCheckout: 'NFT checkout',
  Minting: 'Minting',
  FreeClaims: 'Free claims',
  login: 'Login',
};
const REVIEW: Record<string, string> = {
  NotStarted: 'not started',
  Pending: 'pending review',
  InProgress: 'in review',
  OnHold: 'on hold',
  Approved: 'approved',
  Rejected: 'rejected',
  clear: 'clear',
  rejected: 'rejected',
};
const RULE_TYPE: Record<string, string> = { fee: 'provider fee', networkFee: 'network fees', partnerFee: 'partner fees', spread: 'spread' };
const KEY_TYPE: Record<string, string> = {
  secret: 'secret',
  restricted: 'restricted',
  publishable: 'publishable',
  public: 'public',
  webhook: 'webhook signing',
};

/** "Pro (yearly)" from a price lookup key or the sandbox's price id ("sbx_price_pro_yearly"); Stripe's ids stay as they are. */
function billingPrice(value: unknown): string {
  const key = text(value)?.replace(/^sbx_price_/, '');
  const match = key ? /^(basic|pro)_(monthly|yearly)$/.exec(key) : null;
  if (!match) return key ? `the price ${key}` : 'a plan';
  return `${match[1] === 'pro' ? 'Pro' : 'Basic'} (${match[2]})`;
}

/** The name a passes mutation was given (input.name) or returned. */
function passName(c: Changes): string | null {
  return text((c.input as Record<string, unknown> | undefined)?.name) ?? text(c._subject?.name);
}

/** "waitingForDeposit" → "waiting for deposit"; "rollApiKey" → "roll api key". */
export function splitWords(value: string): string {
  return value
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .toLowerCase();
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' && value !== '[redacted]' ? value : null;
}

function subject(changes: Changes, field: string): unknown {
  return changes._subject?.[field];
}

function mode(liveMode: unknown): string {
  return liveMode === true ? 'live' : liveMode === false ? 'test' : '';
}

/** "the secret test key “CI deploys”", from the key the mutation returned (or the arguments of a create). */
function apiKey(changes: Changes): string {
  const type = text(subject(changes, 'type'));
  const live = subject(changes, 'liveMode') ?? changes.liveMode;
  const name = text(subject(changes, 'name')) ?? text(changes.name);
  const words = ['the', type ? (KEY_TYPE[type] ?? splitWords(type)) : null, mode(live) || null, 'key'].filter(Boolean).join(' ');
  return name ? `${words} “${name}”` : words;
}

function member(changes: Changes): string {
  return text(subject(changes, 'email')) ?? text(changes.email) ?? 'a team member';
}

function role(value: unknown): string {
  const key = text(value);
  return key ? (ROLE[key] ?? capitalize(splitWords(key))) : 'a new role';
}

function product(value: unknown): string {
  const key = text(value);
  return key ? (PRODUCT[key] ?? capitalize(splitWords(key))) : 'a product';
}

function webhook(changes: Changes): string {
  const url = text(changes.url) ?? text(subject(changes, 'url'));
  return url ? `the webhook to ${url}` : 'a webhook';
}

/** "the theme “Brand”", from the theme the mutation returned (or the name it was given). */
function theme(changes: Changes): string {
  const name = text(subject(changes, 'name')) ?? text(changes.name);
  return name ? `the theme “${name}”` : 'the theme';
}

function reason(changes: Changes): string {
  const because = text(changes.reason);
  return because ? ` (reason: ${because})` : '';
}

function transaction(kind: string): (verb: string) => Sentence {
  return (verb) => (changes) => `${verb} ${kind} transaction ${text(changes.id)?.slice(0, 8) ?? ''}`.trim() + reason(changes);
}

/** A staff role in words ("Super admin"), as the command line stored it. */
function staffRole(value: unknown): string {
  const key = text(value);
  return key ? ((ADMIN_ROLE_LABEL as Record<string, string>)[key] ?? key) : 'a staff role';
}

function staffUser(changes: Changes): string {
  return text(changes.email) ?? 'a staff user';
}

const sell = transaction('sell');
const swap = transaction('swap');

export const AUDIT_SENTENCES: Record<string, Sentence> = {
  // Staff users, by the operator's command line (npm run admin, src/admin-cli.ts)
  createStaffUser: (c) => `Created the staff user ${staffUser(c)} as ${staffRole(c.role)} and e-mailed them a set-password invitation`,
  promoteToStaff: (c) => `Made ${staffUser(c)} staff as ${staffRole(c.role)}${c.invitationSent === true ? ' and e-mailed them a set-password invitation' : ''}`,
  reactivateStaffUser: (c) =>
    `Made ${staffUser(c)} staff again as ${staffRole(c.role)}${c.invitationSent === true ? ' and e-mailed them a set-password invitation' : ''}`,
  changeStaffRole: (c) => `Changed the staff role of ${staffUser(c)} from ${staffRole(c.previousRole)} to ${staffRole(c.role)}`,
  resendStaffInvitation: (c) => `E-mailed ${staffUser(c)} a new set-password invitation`,
  deactivateStaffUser: (c) =>
    `Deactivated the staff user ${staffUser(c)} (${staffRole(c.previousRole)})${typeof c.sessionsEnded === 'number' ? `, ending ${c.sessionsEnded === 1 ? '1 session' : `${c.sessionsEnded} sessions`}` : ''}`,
  // Accounts and onboarding
  createOnboardingInfo: () => 'Created the organization and its first account',
  updateOnboardingInfo: () => 'Updated the onboarding details',
  markFaqAsRead: () => 'Marked the FAQ as read',
  syncUserWithAccount: () => 'Switched to this account',
  clearUserToken: () => 'Cleared the remembered account and support contact',
  createSupportContact: (c) => `Registered ${text(c.email) ?? 'a support contact'} with support`,
  updateAccount: (c) =>
    [
      c.allowedIframeAncestorUrls !== undefined ? 'the sites allowed to embed the widget' : null,
      c.customerDataWebhookUrl !== undefined ? 'the customer data webhook' : null,
    ].filter(Boolean).length
      ? `Changed ${[c.allowedIframeAncestorUrls !== undefined ? 'the sites allowed to embed the widget' : null, c.customerDataWebhookUrl !== undefined ? 'the customer data webhook' : null].filter(Boolean).join(' and ')}`
      : 'Changed the account settings',
  // API keys
  rollApiKey: (c) => `Rolled ${apiKey(c)}${c.deleteOldKeyNow === true ? ', ending the old key at once' : ''}`,
  createApiKey: (c) =>
    `Created ${apiKey({ ...c, _subject: { type: Array.isArray(c.restrictions) && c.restrictions.length ? 'restricted' : 'secret', ...c._subject } })}`,
  renameApiKey: (c) => `Renamed ${apiKey({ ...c, _subject: { ...c._subject, name: undefined } })} to “${text(c.name) ?? ''}”`,
  revealApiKey: (c) => `Revealed ${apiKey(c)}`,
  deleteApiKey: (c) => `Deleted ${apiKey(c)}`,
  uploadPublicApiKey: (c) => `Uploaded a public key for ${mode(c.liveMode) || 'this'} mode`,
  deletePublicApiKey: () => 'Deleted the uploaded public key',
  generateSignedUrl: (c) => `Signed a widget URL for ${mode(c.liveMode) || 'this'} mode`,
  // Go-live and review
  submitTestingInstructions: () => 'Saved the testing instructions',
  requestGoLive: (c) => `Requested to go live with ${product(c.product)}`,
  updateGoLiveReview: (c) => `Set a go-live request to ${REVIEW[text(c.status) ?? ''] ?? splitWords(text(c.status) ?? 'a new status')}${reason(c)}`,
  updateDomainReview: (c) =>
    `Marked the domain ${text(c.domain) ?? ''} as ${REVIEW[text(c.status) ?? ''] ?? splitWords(text(c.status) ?? 'reviewed')}${reason(c)}`.replace('  ', ' '),
  upsertBlockedListEntry: (c) =>
    `${text(c.action) === 'Redirect' ? 'Set' : 'Blocked'} the ${splitWords(text(c.kind) ?? 'entry')} ${text(c.value) ?? ''}${text(c.action) === 'Redirect' ? ' to redirect' : ''}${reason(c)}`,
  deleteBlockedListEntry: () => 'Removed an entry from the blocked list',
  // Identity
  signup: (c) => `Signed up as ${text(c.email) ?? 'a new user'}`,
  confirmSignupEmail: () => 'Confirmed the sign-up e-mail address',
  resendSignupEmail: (c) => `Asked for the sign-up e-mail again${text(c.email) ? ` for ${text(c.email)}` : ''}`,
  login: () => 'Signed in',
  logout: () => 'Signed out',
  triggerPasswordReset: (c) => `Asked for a password reset${text(c.email) ? ` for ${text(c.email)}` : ''}`,
  resetPassword: () => 'Reset the password',
  initializeOtp: () => 'Started setting up two-factor authentication',
  registerOtp: () => 'Turned on two-factor authentication',
  disableOtp: () => 'Turned off two-factor authentication',
  requestResetTwoFactorAuth: () => 'Asked to reset two-factor authentication',
  resetTwoFactorAuth: () => 'Reset two-factor authentication',
  confirmEmailAddress: () => 'Confirmed the new e-mail address',
  updateUser: (c) => {
    const parts = [
      c.name !== undefined && c.name !== null ? 'name' : null,
      c.email !== undefined && c.email !== null ? 'e-mail address' : null,
      c.password !== undefined && c.password !== null ? 'password' : null,
      c.preferredCurrencyCode ? 'preferred currency' : null,
    ].filter(Boolean);
    return parts.length ? `Changed their ${parts.join(', ').replace(/, ([^,]*)$/, ' and $1')}` : 'Updated their profile';
  },
  revokeSession: () => 'Signed out a session',
  revokeOtherSessions: () => 'Signed out all other sessions',
  startSsoSignIn: () => 'Started signing in with single sign-on',
  loginWithOkta: () => 'Signed in with Okta',
  syncUserWithIdentityProvider: () => 'Took their name and e-mail address from the identity provider',
  // KYB
  initiateKyb: () => 'Started business verification',
  saveKybCompanyDetails: () => 'Saved the company details',
  saveKybPeople: (c) => `Saved the owners and directors${Array.isArray(c.people) ? ` (${c.people.length})` : ''}`,
  uploadKybDocument: (c) => `Uploaded ${text(c.type) ? `a ${splitWords(text(c.type)!)}` : 'a document'}`,
  deleteKybDocument: () => 'Deleted a verification document',
  saveKybQuestionnaire: () => 'Saved the questionnaire',
  submitKyb: () => 'Submitted business verification',
  generateSumSubSdkAccessToken: () => 'Opened identity verification',
  updateReview: (c) => `Set a business verification to ${REVIEW[text(c.status) ?? ''] ?? splitWords(text(c.status) ?? 'a new status')}${reason(c)}`,
  // Ramp settings
  updateCurrencyAccountPairs: (c) =>
    `Changed the currencies offered${Array.isArray(c.pairs) ? ` (${c.pairs.length} ${c.pairs.length === 1 ? 'change' : 'changes'})` : ''}`,
  updatePricingRules: (c) =>
    `Changed the ${RULE_TYPE[text(c.type) ?? ''] ?? 'pricing rules'}${subject(c, 'transactionType') ? ` of ${subject(c, 'transactionType') === 'sell' ? 'Off-ramp' : 'On-ramp'}` : ''}`,
  createIntegration: (c) => `Added the integration ${text((c.input as Record<string, unknown> | undefined)?.name) ?? ''}`.trim(),
  deleteIntegration: () => 'Removed an integration',
  createTestTransaction: (c) => `Created a test ${text((c.input as Record<string, unknown> | undefined)?.kind) ?? ''} transaction`.replace('  ', ' '),
  moveTestTransaction: (c) => `Moved a test transaction to ${splitWords(text(c.status) ?? 'a new status')}`,
  // Widget themes
  generateInitialTheme: (c) =>
    `Created ${theme(c)}${text(c.brandColor) ? ` from the brand colour ${text(c.brandColor)}` : c.logo ? ' from a logo' : ''}${c.makeActive === true ? ' and made it active' : ''}`,
  changeActiveTheme: (c) => `Made ${theme(c)} active`,
  updateActiveTheme: (c) => `Saved ${typeof c.expectedVersion === 'number' ? `version ${c.expectedVersion + 1}` : 'a new version'} of ${theme(c)}`,
  restoreThemeVersion: (c) => `Restored ${typeof c.version === 'number' ? `version ${c.version}` : 'an earlier version'} of ${theme(c)}`,
  deleteAccountTheme: () => 'Deleted a theme',
  // Subscription and billing
  createStripeSession: (c) => `Started a checkout for ${billingPrice(c.priceId)}`,
  createStripeBillingSession: () => 'Opened the billing portal',
  changeSubscriptionPlan: (c) => `Changed the plan to ${billingPrice(c.priceLookupKey)}`,
  cancelSubscription: () => 'Cancelled the subscription at the end of the period',
  resumeSubscription: () => 'Resumed the subscription',
  completeSandboxCheckout: () => 'Paid a checkout in the billing sandbox',
  simulateSandboxRenewal: (c) =>
    c.outcome === 'fails'
      ? 'Simulated a failed renewal in the billing sandbox'
      : c.outcome === 'dunningEnds'
        ? 'Simulated the end of the dunning period in the billing sandbox'
        : 'Simulated a renewal in the billing sandbox',
  // Payouts and NFT
  createAffiliatePayoutConfiguration: () => 'Set the payout wallet',
  updateAffiliatePayoutConfiguration: () => 'Changed the payout wallet',
  updateNftAccount: () => 'Changed the NFT checkout settings',
  createNftCollection: (c) => `Added the NFT collection ${text((c.input as Record<string, unknown> | undefined)?.name) ?? ''}`.trim(),
  deleteNftCollection: () => 'Removed an NFT collection',
  // Minting
  deployNftCollection: (c) => {
    const input = (c.input as Record<string, unknown> | undefined) ?? {};
    const name = text(input.name);
    const symbol = text(input.symbol);
    return `Deployed the NFT collection${name ? ` ${name}` : ''}${symbol ? ` (${symbol.toUpperCase()})` : ''}`;
  },
  mintNft: (c) => `Minted an NFT${text(c.toAddress) ? ` to ${text(c.toAddress)}` : ''}`,
  setAccountMintingEnabled: (c) => (c.isEnabled === false ? 'Turned minting off for the account' : 'Turned minting on for the account'),
  // Commerce (Helio)
  createHelioMerchantAccount: (c) =>
    `Created the Helio merchant account${text((c.input as Record<string, unknown> | undefined)?.businessName) ? ` for ${text((c.input as Record<string, unknown>).businessName)}` : ''}`,
  addHelioWallet: (c) => `Added the payout wallet ${text((c.input as Record<string, unknown> | undefined)?.walletAddress) ?? ''}`.trim(),
  updateHelioWallet: (c) => `Changed a payout wallet to ${text((c.input as Record<string, unknown> | undefined)?.walletAddress) ?? 'a new address'}`,
  deleteHelioWallet: () => 'Deleted a payout wallet',
  completeSandboxHelioOnboarding: (c) =>
    `Finished the built-in Helio onboarding: ${({ approve: 'approved', review: 'sent for review', reject: 'rejected' } as Record<string, string>)[text(c.outcome) ?? ''] ?? 'submitted'}`,
  // Passes
  createPassProject: (c) => `Created the pass project ${passName(c) ?? ''}`.trim(),
  updatePassProject: (c) => `Changed the pass project ${passName(c) ?? ''}`.trim(),
  deletePassProject: () => 'Deleted a pass project',
  createPassPolicy: (c) => `Added the pass policy ${passName(c) ?? ''}`.trim(),
  updatePassPolicy: (c) => `Changed the pass policy ${passName(c) ?? ''}`.trim(),
  deletePassPolicy: () => 'Deleted a pass policy (passes it alone admitted were invalidated)',
  createPassTemplate: (c) => `Added the pass template ${passName(c) ?? ''}`.trim(),
  updatePassTemplate: (c) => `Changed the pass template ${passName(c) ?? ''}`.trim(),
  setPassTemplateImage: (c) =>
    `${c.file ? 'Uploaded' : 'Removed'} the ${text(c.slot) ?? ''} image of the pass template ${text(subject(c, 'name')) ?? ''}`.replace(/\s+/g, ' ').trim(),
  deletePassTemplate: () => 'Deleted a pass template',
  createPassProjectApiKey: (c) => `Created the pass project API key ${text(c.name) ?? ''}`.trim(),
  revokePassProjectApiKey: (c) => `Revoked the pass project API key ${text(subject(c, 'name')) ?? ''}`.trim(),
  createPassProjectWebhook: (c) => `Added a pass project webhook to ${text(c.url) ?? 'a URL'}`,
  updatePassProjectAppleCredentials: (c) => `Uploaded the Apple pass certificate${text(c.passTypeIdentifier) ? ` for ${text(c.passTypeIdentifier)}` : ''}`,
  updatePassProjectGoogleCredentials: (c) => `Uploaded the Google Wallet service-account key${text(c.issuerId) ? ` for issuer ${text(c.issuerId)}` : ''}`,
  resetPassProjectCredentials: (c) => `Went back to development credentials for ${c.wallet === 'google' ? 'Google Wallet' : 'Apple Wallet'}`,
  invalidatePass: () => 'Invalidated a pass',
  // Team
  createMembership: (c) => `Invited ${text(c.email) ?? 'someone'} as ${role(c.role)}`,
  resendInvitationEmail: (c) => `Sent the invitation to ${member(c)} again`,
  updateMembership: (c) => `Changed the role of ${member(c)} to ${role(c.role)}`,
  deleteMembership: (c) => `Removed ${text(subject(c, 'email')) ?? 'a member'} from the team`,
  signupByInvite: () => 'Joined the team from an invitation',
  acceptInvite: () => 'Accepted an invitation',
  // Transactions (staff)
  approveSellTransaction: sell('Approved'),
  cancelSellTransaction: sell('Cancelled'),
  freezeSellTransaction: sell('Froze'),
  refundSellTransaction: sell('Refunded'),
  approveSwapTransaction: swap('Approved'),
  cancelSwapTransaction: swap('Cancelled'),
  freezeSwapTransaction: swap('Froze'),
  refundSwapTransaction: swap('Refunded'),
  blockCustomer: (c) => `Blocked the customer ${text(subject(c, 'email')) ?? text(c.id)?.slice(0, 8) ?? ''}`.trim(),
  unblockCustomer: (c) => `Unblocked the customer ${text(subject(c, 'email')) ?? text(c.id)?.slice(0, 8) ?? ''}`.trim(),
  // Webhooks
  createWebhook: (c) => `Added a ${mode(c.liveMode) ? `${mode(c.liveMode)} ` : ''}webhook to ${text(c.url) ?? 'a URL'}`,
  updateWebhook: (c) => (c.isEnabled === false ? `Turned off ${webhook(c)}` : c.isEnabled === true ? `Turned on ${webhook(c)}` : `Changed ${webhook(c)}`),
  deleteWebhook: (c) => `Deleted ${webhook(c)}`,
  triggerTestWebhook: (c) => `Sent a test ${text(c.event) ?? ''} event to ${webhook(c)}`.replace('  ', ' '),
  resendWebhookDelivery: () => 'Sent a webhook delivery again',
  // Ingestion
  createIngestionCredential: (c) => `Created the ingestion credential ${text(c.name) ? `"${text(c.name)}"` : ''}`.trim(),
  revokeIngestionCredential: (c) => `Revoked the ingestion credential ${text(subject(c, 'name')) ? `"${text(subject(c, 'name'))}"` : ''}`.trim(),
};

/** The sentence of one event; an operation without an entry reads as its name in words ("Viewed customer transactions"). */
export function describeAuditEvent(event: { operation: string; kind: string; changes: unknown }): string {
  const changes = (event.changes && typeof event.changes === 'object' ? event.changes : {}) as Changes;
  const sentence = AUDIT_SENTENCES[event.operation];
  if (sentence && event.kind === 'mutation') {
    try {
      return sentence(changes);
    } catch {
      // A malformed stored row must not hide the event: fall through to the words of its name.
    }
  }
  const words = splitWords(event.operation);
  return event.kind === 'view' ? `Viewed ${words.replace(/^(get|list|search) /, '')}` : capitalize(words);
}

/** Facts of what a mutation returned that make its sentence readable; never secrets (no values, hashes or tokens). */
const SUBJECT_FIELDS = ['type', 'liveMode', 'name', 'email', 'url', 'role', 'status', 'product', 'transactionType'] as const;

export function subjectOf(result: unknown): Record<string, unknown> | undefined {
  if (!result || typeof result !== 'object' || Array.isArray(result)) return undefined;
  const record = result as Record<string, unknown>;
  const picked: Record<string, unknown> = {};
  for (const field of SUBJECT_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' || typeof value === 'boolean') picked[field] = typeof value === 'string' ? value.slice(0, 200) : value;
  }
  const user = record.user as Record<string, unknown> | undefined;
  if (user && typeof user.email === 'string') picked.email = user.email;
  return Object.keys(picked).length ? picked : undefined;
}
