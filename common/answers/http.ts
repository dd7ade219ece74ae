// The envelopes of the JSON contract (ARCHITECTURE "HTTP contract"), said once for the server
// that sends them and the pages that read them. A paged list is Paginator<Row>
// (common/schemas/list-query.ts).

/** A single read: GET <base>/get-<singular>/{id} → { data }. */
export type One<T> = { data: T };

/** A write's answer: POST <base>/store (201) and PUT <base>/update/{id} → { message, data }. */
export type Answer<T> = { message: string; data: T };

/** DELETE <base>/delete/{id} → { message }. */
export type Deleted = { message: string };
