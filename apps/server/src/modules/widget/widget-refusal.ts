/** A refusal of the widget page: the HTTP status, a title and a message for the customer (or the partner testing). */
export class WidgetPageRefusal extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    message: string,
    /** The account's allowed frame ancestors, when the key was known (the page may be framed where the widget may). */
    readonly frameAncestors: string[] | null = null,
  ) {
    super(message);
  }
}
