// GraphQL type → the TypeScript type its resolvers receive, from this folder (codegen.ts loads this file on its own).
export const mappers: Readonly<Record<string, string>> = {
  StaffCustomer: './customer-admin.repository.ts#StaffCustomerRow',
  EddReview: './customer-admin.repository.ts#EddReviewRow',
  EddReviewPage: './customer-admin.service.ts#EddQueuePage',
};
