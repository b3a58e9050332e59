import { graphql } from '@/gql';

export const AuditEventFragment = graphql(`
  fragment Audit_Event on AuditEvent {
    id
    occurredAt
    actorUserId
    actorEmail
    actorRole
    viaStaff
    viaCommandLine
    accountId
    operation
    summary
    kind
    outcome
    errorCode
    changes
    ipAddress
  }
`);

export const AuditAccountEventsQuery = graphql(`
  query Audit_AccountEvents(
    $accountId: ID!
    $actorEmail: String
    $operation: String
    $outcome: AuditOutcome
    $from: DateTime
    $to: DateTime
    $skip: Int
    $take: Int
  ) {
    accountAuditEvents(
      accountId: $accountId
      actorEmail: $actorEmail
      operation: $operation
      outcome: $outcome
      from: $from
      to: $to
      skip: $skip
      take: $take
    ) {
      totalCount
      items {
        id
        ...Audit_Event
      }
    }
  }
`);

export const AuditEventsQuery = graphql(`
  query Audit_Events($accountId: ID, $actorEmail: String, $operation: String, $outcome: AuditOutcome, $from: DateTime, $to: DateTime, $skip: Int, $take: Int) {
    auditEvents(accountId: $accountId, actorEmail: $actorEmail, operation: $operation, outcome: $outcome, from: $from, to: $to, skip: $skip, take: $take) {
      totalCount
      items {
        id
        ...Audit_Event
      }
    }
  }
`);
