import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';

/** A resource's answer fields: API field name → column or SQL expression (ResourceDef.fields). */
export type AnswerFieldMap = Record<string, AnyPgColumn | SQL.Aliased | SQL>;

/** What a select of these fields reads: one property per field, typed by its column or expression. */
export type AnswerOf<F extends AnswerFieldMap> = SelectResultFields<F>;

/** true when each type is assignable to the other: no field missing, extra or of another type. */
type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * The answer fields of a resource, checked against the row type the pages read
 * (common/answers/): `answerFields<TaxRow>()({ id: taxes.id, … })`. A field the row type lacks,
 * a field it has and the map does not, or a field of another type fails the type check here,
 * so the server's declaration and the shared type cannot drift apart. `Attached` names the
 * fields a resource adds after the select (an item's taxes).
 */
export function answerFields<Row, Attached extends keyof Row = never>() {
  return <F extends AnswerFieldMap>(
    fields: F & (SameShape<AnswerOf<F>, Omit<Row, Attached>> extends true ? unknown : { 'answer fields differ from the shared row type': [AnswerOf<F>, Omit<Row, Attached>] }),
  ): F => fields;
}
