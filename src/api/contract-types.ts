// Types of one operation's query, path parameters, body and answer `data`, read from the
// generated contract. The web client and the server's handlers both use them.
import type { operations as Operations } from './generated/schema.d.ts';
import type { OperationId } from './generated/operations.ts';

type Op<K extends OperationId> = K extends keyof Operations ? Operations[K] : never;
type Field<T, F extends PropertyKey> = T extends { [P in F]?: infer V } ? V : never;
type BodyContent<K extends OperationId> = NonNullable<Field<Op<K>, 'requestBody'>> extends { content: infer C } ? C : never;
type JsonResponse<K extends OperationId> = Field<Field<Field<Field<Op<K>, 'responses'>, 200>, 'content'>, 'application/json'>;

export type QueryOf<K extends OperationId> = NonNullable<Field<Field<Op<K>, 'parameters'>, 'query'>>;
export type ParamsOf<K extends OperationId> = NonNullable<Field<Field<Op<K>, 'parameters'>, 'path'>>;
export type BodyOf<K extends OperationId> = BodyContent<K>[keyof BodyContent<K>];
/** The data of the success shape (the contract describes the error shape beside it). */
export type DataOf<K extends OperationId> = Extract<JsonResponse<K>, { errCode: 0 }> extends { data?: infer D } ? D : unknown;
