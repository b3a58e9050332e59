/** Whether a KYB application not yet submitted is a draft (shown "In progress"): shared by the kyb and getting-started repositories. */
import { sql, type SQL } from 'drizzle-orm';

/**
 * True when the partner has saved any part of the application (company details, an answer, a person or a document);
 * `alias` names the kyb_applications row in the surrounding query.
 */
export function kybSavedAnything(alias: string): SQL<boolean> {
  const k = sql.identifier(alias);
  return sql<boolean>`(${k}.company_details is not null or ${k}.questionnaire_answers <> '{}'::jsonb
    or exists (select 1 from kyb_people p where p.application_id = ${k}.id)
    or exists (select 1 from kyb_documents d where d.application_id = ${k}.id))`;
}
